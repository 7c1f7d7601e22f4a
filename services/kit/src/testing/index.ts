export * from './test-database';
export * from './http-client';
export * from './env';
export * from './recording-enrolment-port';
export * from './test-images';
export * from './fake-identity-port';
export * from './fake-catalogue-port';
