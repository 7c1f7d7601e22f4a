export * from './storage';
export * from './local-storage';
export * from './serve-stored';
export * from './create-storage';
export * from './request-path';
