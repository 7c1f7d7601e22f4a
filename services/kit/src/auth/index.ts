export * from './principal';
export * from './passwords';
export * from './tokens';
