export * from './scorm-duration';
export * from './scorm-timestamp';
