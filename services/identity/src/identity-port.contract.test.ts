import { createTestPlatform, describeIdentityPortContract, unwiredPort } from '@portal/service-kit/testing';
import { Company } from './data/company.entity';
import { User } from './data/user.entity';
import { identityService } from './service';
import { makeSession } from './testing/factories';

// Identity's real port on a fresh database holds the contract's rows (ids and all), so the tests
// that other services run on the kit's fake identity port can trust what it answers.
describeIdentityPortContract('real', async (seed) => {
  const platform = await createTestPlatform({ services: [identityService], ports: { enrolment: () => unwiredPort('enrolment') } });
  const em = platform.orm.em.fork();
  for (const company of seed.companies ?? [])
    em.create(Company, {
      id: company.id,
      name: company.name,
      parentId: company.parentId ?? null,
      email: company.email ?? null,
      managerEmail: company.managerEmail ?? null,
      sendCertificate: company.sendCertificate ?? true,
      sendReport: company.sendReport ?? true,
      sendExpiryReport: company.sendExpiryReport ?? true,
    });
  for (const user of seed.users ?? [])
    em.create(User, {
      id: user.id,
      name: user.name,
      email: user.email ?? null,
      passwordHash: null,
      loginCode: user.loginCode ?? null,
      companyId: user.companyId,
      role: user.role,
      wpUser: user.purchasedAccount ?? false,
      welcomedAt: user.welcomed === false ? null : new Date(),
      anonymisedAt: user.anonymised ? new Date() : null,
    });
  await em.flush();
  return { port: platform.identity, signIn: (userId) => makeSession(platform.orm.em.fork(), userId), close: () => platform.close() };
});
