export * from './jobs.migration';
