import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'company',
  exposes: { './Dashboard': './src/pages/dashboard.tsx', './Account': './src/pages/account.tsx', './Courses': './src/pages/courses.tsx', './EditCourse': './src/pages/edit-course.tsx', './Enroll': './src/pages/enrol.tsx', './EnrollNew': './src/pages/enrol-wizard.tsx', './PurchaseHistory': './src/pages/purchase-history.tsx', './Enrollments': './src/pages/enrolments.tsx', './EditEnrollment': './src/pages/edit-enrolment.tsx' },
  publicPath: 'auto',
  port: 3102,
  title: 'company remote (dev)',
});
