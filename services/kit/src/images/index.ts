export * from './images';
