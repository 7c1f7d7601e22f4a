export { createReportingApp } from './app';
