import { DEFAULT_COMPANY_ID } from '@portal/contracts';
import { hashPassword, type Em } from '@portal/service-kit';
import { Company } from '../data/company.entity';
import { User } from '../data/user.entity';

/** Fixed ids so the README, the e2e suite and the other services' seeds can name them. */
export const DEMO = {
  companies: { default: DEFAULT_COMPANY_ID, demo: 2, northDepot: 3, southDepot: 4 },
  users: { admin: 1, manager: 2, learner: 3, codeLearner: 4, northLearner: 5, southLearner: 6 },
  signIns: {
    admin: { email: 'admin@portal.test', password: 'Admin!2345' },
    manager: { email: 'manager@demo.test', password: 'Manager!2345' },
    learner: { email: 'learner@demo.test', password: 'Learner!2345' },
    codeLearner: { loginCode: 'DEMOCODE1' },
    northLearner: { loginCode: 'DEMOCODE2' },
    southLearner: { loginCode: 'DEMOCODE3' },
  },
} as const;

/** The demo companies and users; a database that already has users is left alone (false). */
export async function seedDemoIdentity(em: Em): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const c = DEMO.companies;
  const companies = [
    { id: c.default, name: 'Safety Training Portal', email: 'admin@portal.test', parentId: null },
    {
      id: c.demo,
      name: 'Demo Construction Ltd',
      email: 'manager@demo.test',
      managerName: 'Morgan Hale',
      managerEmail: 'manager@demo.test',
      parentId: null,
    },
    { id: c.northDepot, name: 'North Depot', email: 'north@demo.test', managerName: null, managerEmail: null, parentId: c.demo },
    { id: c.southDepot, name: 'South Depot', email: 'south@demo.test', managerName: null, managerEmail: null, parentId: c.demo },
  ];
  for (const company of companies) em.create(Company, company);

  const u = DEMO.users;
  const s = DEMO.signIns;
  const users = [
    { id: u.admin, name: 'Alex Admin', email: s.admin.email, password: s.admin.password, companyId: c.default, role: 'admin' },
    { id: u.manager, name: 'Morgan Hale', email: s.manager.email, password: s.manager.password, companyId: c.demo, role: 'manager' },
    { id: u.learner, name: 'Lee Carter', email: s.learner.email, password: s.learner.password, companyId: c.demo, role: 'learner' },
    { id: u.codeLearner, name: 'Priya Shah', loginCode: s.codeLearner.loginCode, companyId: c.demo, role: 'learner' },
    {
      id: u.northLearner,
      name: 'Sam Northcott',
      email: 'sam.northcott@demo.test',
      loginCode: s.northLearner.loginCode,
      companyId: c.northDepot,
      role: 'learner',
    },
    {
      id: u.southLearner,
      name: 'Jo Southgate',
      email: 'jo.southgate@demo.test',
      loginCode: s.southLearner.loginCode,
      companyId: c.southDepot,
      role: 'learner',
    },
  ] as const;
  for (const user of users) {
    em.create(User, {
      id: user.id,
      name: user.name,
      email: 'email' in user ? user.email : null,
      passwordHash: 'password' in user ? await hashPassword(user.password) : null,
      loginCode: 'loginCode' in user ? user.loginCode : null,
      companyId: user.companyId,
      role: user.role,
      // The demo's people know how to sign in: no welcome mail when a demo learner is enrolled.
      welcomedAt: new Date(),
    });
  }
  await em.flush();
  return true;
}
