import { randomBytes } from 'node:crypto';
import type { IdentityPort, PortContext } from '@portal/service-kit';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { catalogueSchema, createCataloguePort } from '@portal/catalogue-service/testing';
import { createIdentityPort, identitySchema, User } from '@portal/identity-service/testing';
import { enrolmentSchema } from '../schema';
import { createEnrolmentPort } from '../enrolment-port';

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const loginCode = () => Array.from(randomBytes(8), (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');

/**
 * Identity's real port with a stand-in createLearners (identity builds the real one in issue 9):
 * one batch insert, a login code each, a row whose email is used anywhere fails alone.
 */
export function identityWithLearners(context: PortContext): IdentityPort {
  const real = createIdentityPort(context);
  return {
    ...real,
    async createLearners(companyId, learners) {
      const em = context.orm.em.fork();
      const emails = [...new Set(learners.flatMap((l) => (l.email ? [l.email.toLowerCase()] : [])))];
      const taken = new Set<string>();
      for (let i = 0; i < emails.length; i += 1000) {
        for (const u of await em.find(User, { email: { $in: emails.slice(i, i + 1000) } }, { fields: ['email'] })) taken.add(u.email!);
      }
      const results = learners.map((l) => {
        const email = l.email?.toLowerCase() ?? null;
        if (email && taken.has(email)) return { ok: false as const, name: l.name, email, reason: 'A user with this email already exists' };
        if (email) taken.add(email);
        return { ok: true as const, user: em.create(User, { name: l.name, email, passwordHash: null, loginCode: loginCode(), companyId, role: 'learner', wpUser: false }) };
      });
      await em.flush();
      return results.map((r) =>
        r.ok
          ? { ok: true as const, user: { id: r.user.id, name: r.user.name, email: r.user.email ?? null, companyId, role: 'learner' as const, purchasedAccount: false, loginCode: r.user.loginCode! } }
          : r,
      );
    },
  };
}

/** Enrolment with the real catalogue port and identity's port plus the stand-in createLearners. */
export function createEnrollingTestPlatform(options: { now?: () => Date } = {}): Promise<TestPlatform> {
  return createTestPlatform({
    schemas: [identitySchema, catalogueSchema, enrolmentSchema],
    ports: { identity: identityWithLearners, catalogue: createCataloguePort, enrolment: createEnrolmentPort },
    ...options,
  });
}
