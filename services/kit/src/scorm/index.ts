export * from './scorm-duration';
