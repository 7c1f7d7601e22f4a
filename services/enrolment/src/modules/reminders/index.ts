import { defineTask, type JobDefinition, type ScheduledTask, type ServiceDeps } from '@portal/service-kit';
import { sendExpiryReminders } from './expiry-reminders';
import { companyExpiryReportJob, companyProgressReportJob, queueCompanyReports } from './company-reports';

export { sendExpiryReminders, reminderKindFor } from './expiry-reminders';

/** Enrolment's scheduled mail: expiry reminders (daily), the weekly progress report, the monthly expiry report. */
export function enrolmentScheduledTasks(deps: ServiceDeps): ScheduledTask[] {
  return [
    defineTask({
      name: 'enrolment.expiry-reminders',
      description: 'Mails learners and their managers 30 days and 7 days before a certificate expires and on the day (each once).',
      schedule: { every: 'day', hour: 6, minute: 0 },
      run: async ({ now }) => void (await sendExpiryReminders(deps, now)),
    }),
    defineTask({
      name: 'enrolment.weekly-progress-report',
      description: 'Mails each company with "send report" on its progress report, the .xlsx attached.',
      schedule: { every: 'week', weekday: 1, hour: 7, minute: 0 },
      run: async ({ now }) => void (await queueCompanyReports(deps, 'progress', now)),
    }),
    defineTask({
      name: 'enrolment.monthly-expiry-report',
      description: 'Mails each company with "send expiry report" the certificates expiring in the next 60 days.',
      schedule: { every: 'month', day: 1, hour: 7, minute: 30 },
      run: async ({ now }) => void (await queueCompanyReports(deps, 'expiry', now)),
    }),
  ];
}

/** The jobs behind them (`deps` may be read only when a job runs). */
export function enrolmentJobDefinitions(deps: ServiceDeps | (() => ServiceDeps)): JobDefinition[] {
  return [companyProgressReportJob(deps), companyExpiryReportJob(deps)];
}
