// `@portal/frontend-kit/downloads`: outside the shared singleton, like `./forms`; each build bundles it only where used.
export { downloadName, saveDownload } from './save-download';
