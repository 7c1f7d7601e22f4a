import type { RouteOutput, companyDashboard } from '@portal/contracts';

export type DashboardData = RouteOutput<typeof companyDashboard>;
