import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { emailField, USER_MESSAGES } from '@portal/contracts';
import { notFound, type Em, type UserSummary } from '@portal/service-kit';
import { User } from '../../data/user.entity';
import { newLoginCodes } from '../credentials/login-codes';
import { companyExists } from '../../data/company.repository';
import { usersWithLoginCodes } from './learners.statements';

export interface NewLearner {
  name: string;
  email: string | null;
}

export type LearnerResult =
  { ok: true; user: UserSummary & { loginCode: string } } | { ok: false; name: string; email: string | null; reason: string };

/** Rows per INSERT and per IN list (SQLite allows 32,766 bound values; some drivers dislike long IN lists). */
const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 1000;
/** A row taken meanwhile by someone else (email or code) fails the batch's insert: check again and retry. */
const ATTEMPTS = 3;

/** Of these lower-cased emails, those some user already has (in any company). */
async function takenEmails(em: Em, emails: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < emails.length; i += LOOKUP_CHUNK) {
    const users = await em.find(User, { email: { $in: emails.slice(i, i + LOOKUP_CHUNK) } }, { fields: ['email'] });
    for (const user of users) if (user.email) taken.add(user.email.toLowerCase());
  }
  return taken;
}

/**
 * Creates learner accounts in a company in one batch (identity port `createLearners`, the
 * wizard's new employees, bulk rows, shop purchases): each gets a fresh login code; a row whose
 * name is blank, whose email is not valid or already used (anywhere, or earlier in the batch)
 * fails alone with its reason. Batched reads and inserts in one transaction, never a query per
 * row. Returns one result per row in the order given, and the created learners (for the mails).
 */
export async function createLearners(
  em: Em,
  companyId: number,
  learners: NewLearner[],
  options: { purchased?: boolean; now: Date },
): Promise<LearnerResult[]> {
  if (!(await companyExists(em, companyId))) throw notFound('That company');
  const results: (LearnerResult | undefined)[] = new Array(learners.length);
  const candidates: { index: number; name: string; email: string | null }[] = [];
  const seen = new Set<string>();
  learners.forEach((learner, index) => {
    const name = (learner.name ?? '').trim().slice(0, 191);
    const rawEmail = (learner.email ?? '').trim();
    const fail = (reason: string) => (results[index] = { ok: false, name, email: rawEmail || null, reason });
    if (!name) return fail('Name is required');
    let email: string | null = null;
    if (rawEmail) {
      const parsed = emailField.safeParse(rawEmail);
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      email = parsed.data;
      if (seen.has(email)) return fail(USER_MESSAGES.emailRepeated);
      seen.add(email);
    }
    candidates.push({ index, name, email });
  });

  for (let attempt = 1; ; attempt++) {
    try {
      const taken = await takenEmails(em, [...seen]);
      const rows = candidates.filter((c) => !(c.email && taken.has(c.email)));
      const codes = await newLoginCodes(em, rows.length);
      const coded = rows.map((row, i) => {
        const loginCode = codes[i];
        if (loginCode === undefined) throw new Error(`newLoginCodes answered ${codes.length} codes for ${rows.length} learners.`);
        return { ...row, loginCode };
      });
      const created = await em.transactional(async (tx) => {
        const values = coded.map((row) => ({
          name: row.name,
          email: row.email,
          passwordHash: null,
          loginCode: row.loginCode,
          companyId,
          role: 'learner' as const,
          wpUser: options.purchased ?? false,
          createdAt: options.now,
          updatedAt: options.now,
        }));
        for (let i = 0; i < values.length; i += INSERT_CHUNK) await tx.insertMany(User, values.slice(i, i + INSERT_CHUNK));
        // Read the ids back by login code (unique): the same on every driver, whatever insertMany returns.
        const idByCode = new Map<string, number>();
        for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
          const inserted = await usersWithLoginCodes(tx, codes.slice(i, i + LOOKUP_CHUNK));
          for (const user of inserted) idByCode.set(user.loginCode, Number(user.id));
        }
        return coded.map((row) => {
          const id = idByCode.get(row.loginCode);
          if (id === undefined) throw new Error(`The learner inserted with login code ${row.loginCode} was not found right after.`);
          return { ...row, id };
        });
      });
      for (const candidate of candidates) {
        if (candidate.email && taken.has(candidate.email)) {
          results[candidate.index] = { ok: false, name: candidate.name, email: candidate.email, reason: USER_MESSAGES.emailTaken };
        }
      }
      for (const row of created) {
        results[row.index] = {
          ok: true,
          user: {
            id: row.id,
            name: row.name,
            email: row.email,
            companyId,
            role: 'learner',
            purchasedAccount: options.purchased ?? false,
            loginCode: row.loginCode,
          },
        };
      }
      return results as LearnerResult[];
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException) || attempt >= ATTEMPTS) throw error;
    }
  }
}
