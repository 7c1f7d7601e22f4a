/**
 * `@portal/frontend-kit/certificates`: pieces the admin's and the learner's certificate lists share
 * (the status pill, the search box, the "none found" text). A sub-entry: the main entry ships on every page.
 */
export { CertificateStatusPill } from './certificate-status-pill';
export { CertificateSearch, NoCertificatesFound } from './certificate-search';
