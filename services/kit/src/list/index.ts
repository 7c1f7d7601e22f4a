export * from './list-page';
