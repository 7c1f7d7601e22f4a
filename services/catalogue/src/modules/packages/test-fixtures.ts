import { fileURLToPath } from 'node:url';

/** The shared real SCORM packages, read where they are (never copied into the repository); tests only. */
export const SCORM_FIXTURES = fileURLToPath(new URL('../../../../../../shared/fixtures/scorm/', import.meta.url));
