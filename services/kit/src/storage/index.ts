export * from './local-storage';
