import type { StorybookConfig } from 'storybook-react-rsbuild';

const config: StorybookConfig = {
  framework: 'storybook-react-rsbuild',
  stories: ['../src/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  typescript: {
    // react-docgen (Babel-based) is much faster than the TypeScript compiler on CI's two cores.
    reactDocgen: 'react-docgen',
  },
};

export default config;
