export * from './principal';
export * from './passwords';
export * from './tokens';
export * from './attempt-limits';
