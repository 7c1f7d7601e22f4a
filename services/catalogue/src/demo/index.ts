export {
  buildDemoScormPackage,
  validateDemoCourseSpec,
  renderManifest,
  renderIndexHtml,
  DEMO_PACKAGE_FILES,
  SCORM12_NS,
  SCORM2004_NS,
  type DemoCourseSpec,
} from './build-demo-package.js';
export { DEMO_COURSES } from './demo-courses.js';
