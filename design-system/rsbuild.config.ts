import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// storybook-react-rsbuild reads this file; without pluginReact the TSX in stories does not compile.
export default defineConfig({
  plugins: [pluginReact()],
});
