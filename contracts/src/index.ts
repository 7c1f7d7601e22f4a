export * from './roles';
export * from './constants';
export * from './errors';
export * from './route';
export * from './routes/index';
export * from './client';
export * from './openapi';
export * from './form-fields';
