export * from './context';
export * from './errors';
export * from './cookies';
export * from './bind-routes';
export * from './standalone';
