import { z } from 'zod';
import { defineRoute, idParam } from '../route';

export const companyDashboard = defineRoute({
  name: 'company.dashboard',
  method: 'GET',
  path: '/api/company/{companyId}/dashboard',
  service: 'reporting',
  access: ['manager', 'admin'],
  tenant: { param: 'companyId' },
  summary: 'The company Dashboard: organisation, pie chart, stat panels and courses table.',
  params: z.object({ companyId: idParam }),
  response: z.object({
    organisation: z.object({ id: z.number().int(), name: z.string() }),
    chart: z.object({ passed: z.number().int(), incomplete: z.number().int(), not_started: z.number().int() }),
    stats: z.object({ learners_enrolled: z.number().int(), credits_remaining: z.number().int(), courses_passed: z.number().int() }),
    courses: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        total: z.number().int(),
        passed: z.number().int(),
        progress: z.number().int().min(0).max(100),
      }),
    ),
  }),
});

export const adminDashboard = defineRoute({
  name: 'admin.dashboard',
  method: 'GET',
  path: '/api/admin/dashboard',
  service: 'reporting',
  access: ['admin'],
  summary: 'Counts for the Admin Dashboard tabs.',
  response: z.object({
    counts: z.object({
      learners: z.number().int(),
      companies: z.number().int(),
      courses: z.number().int(),
      jobs: z.number().int(),
      failed_jobs: z.number().int(),
    }),
  }),
});

export const reportingRoutes = [companyDashboard, adminDashboard] as const;
