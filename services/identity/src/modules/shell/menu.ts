import type { MenuItem, Role } from '@portal/contracts';

const COMPANY_MENU: MenuItem[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Courses', href: '/courses' },
  { label: 'Enrol Employees', href: '/enrolments/create/v2' },
  { label: 'Enrolments', href: '/reporting' },
  { label: 'People', href: '/people' },
  { label: 'Purchase History', href: '/purchase-history' },
  { label: 'Account', href: '/account' },
  { label: 'Log out', href: '/logout' },
];

/** The header menu each role sees (the shell draws /logout, /account and the admin icon specially). */
export function menuFor(role: Role): MenuItem[] {
  switch (role) {
    case 'learner':
      return [
        { label: 'My Courses', href: '/' },
        { label: 'Verify a certificate', href: '/verify' },
        // The learner's own account page (not the company's account area).
        { label: 'My Account', href: '/account' },
        { label: 'Log out', href: '/logout' },
      ];
    case 'manager':
      return COMPANY_MENU;
    case 'admin':
      return [{ label: 'Admin', href: '/admin', icon: 'admin' }, ...COMPANY_MENU];
  }
}
