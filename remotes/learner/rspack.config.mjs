import { createFederatedConfig } from '../../rspack.federation.mjs';

export default createFederatedConfig({
  dir: import.meta.dirname,
  kind: 'remote',
  name: 'learner',
  exposes: {
    './LearnerDashboard': './src/pages/learner-dashboard.tsx',
    './LearnerCourse': './src/pages/learner-course.tsx',
    './LearnerCourseActivities': './src/pages/learner-course-activities.tsx',
    './ActivityCode': './src/pages/activity-code.tsx',
    './LearnerAccount': './src/pages/learner-account.tsx',
  },
  publicPath: 'auto',
  port: 3101,
  title: 'learner remote (dev)',
});
