import { DEFAULT_SITE_SETTINGS, type Role } from '@portal/contracts';
import type { ShellData } from '../modules/session/use-shell-data';

const MENUS: Record<Role, ShellData['menu']> = {
  learner: [
    { label: 'Dashboard', href: '/' },
    { label: 'Account', href: '/account' },
    { label: 'Log out', href: '/logout' },
  ],
  manager: [
    { label: 'Dashboard', href: '/' },
    { label: 'Courses', href: '/courses' },
    { label: 'Enrolments', href: '/reporting' },
    { label: 'Account', href: '/account' },
    { label: 'Log out', href: '/logout' },
  ],
  admin: [
    { label: 'Admin', href: '/admin', icon: 'admin' },
    { label: 'Dashboard', href: '/' },
    { label: 'Courses', href: '/courses' },
    { label: 'Account', href: '/account' },
    { label: 'Log out', href: '/logout' },
  ],
};

/** What GET /api/shell answers for someone of `role`. */
export function shellData(role: Role, overrides: Partial<ShellData['user']> = {}): ShellData {
  return {
    user: {
      id: 1,
      name: 'Alex Admin',
      email: 'alex@portal.test',
      role,
      company_id: 2,
      company_name: 'Demo Construction Ltd',
      is_mimicking: false,
      ...overrides,
    },
    menu: MENUS[role],
    remotes: {
      learner: '/remotes/learner/mf-manifest.json',
      company: '/remotes/company/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
      verify: '/remotes/verify/mf-manifest.json',
    },
    help_email: 'help@safetytraining.test',
    is_development: false,
    settings: DEFAULT_SITE_SETTINGS,
  };
}
