export * from './audit.entity';
export * from './audit.migration';
export * from './audit-log';
