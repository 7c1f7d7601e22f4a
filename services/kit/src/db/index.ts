export * from './orm';
export * from './schema-migration';
