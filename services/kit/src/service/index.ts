export * from './service-descriptor';
