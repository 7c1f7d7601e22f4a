// The gateway as a package, for the composing code outside it (the bench in bench/): the platform
// of every service, the gateway's app over it, the demo seed and the environment as the starts read it.
export { createPlatform, SERVICES } from './platform';
export { createGatewayApp, type GatewayOptions } from './gateway-app';
export { seedDemoData } from './seed';
export { loadGatewayEnv } from './env';
export { fromRepoRoot, REPO_ROOT } from './paths';
