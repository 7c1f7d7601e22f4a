export * from './mailer';
export * from './mail-job';
