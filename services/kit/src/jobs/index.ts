export * from './jobs.migration';
export * from './job.entity';
export * from './job-definition';
export * from './job-queue';
export * from './worker';
export * from './failed-jobs';
export * from './schedule';
export * from './scheduler';
