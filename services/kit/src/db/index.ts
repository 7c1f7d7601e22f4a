export * from './orm';
export * from './schema-migration';
export * from './sqlite';
export * from './rows';
export * from './prepared-read';
export * from './prepared-write';
export * from './direct-transaction';
