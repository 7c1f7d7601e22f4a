export * from './context';
export * from './errors';
export * from './cookies';
export * from './bind-routes';
export * from './request-body';
export * from './standalone';
export * from './service-deps';
export * from './server-timing';
