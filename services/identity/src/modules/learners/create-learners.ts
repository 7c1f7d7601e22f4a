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

interface Candidate {
  /** Its row in the batch. */
  index: number;
  name: string;
  email: string | null;
}
type Results = (LearnerResult | undefined)[];

/** Each row trimmed and checked on its own (name, email, repeats in the batch): a failing row gets its result now. */
function screenLearners(learners: NewLearner[]): { results: Results; candidates: Candidate[]; emails: Set<string> } {
  const results: Results = new Array(learners.length);
  const candidates: Candidate[] = [];
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
  return { results, candidates, emails: seen };
}

interface LearnerBatch {
  companyId: number;
  purchased: boolean;
  now: Date;
}

/** Inserts the coded rows in chunks, in one transaction, and reads their ids back by login code. */
function insertLearners(em: Em, batch: LearnerBatch, coded: (Candidate & { loginCode: string })[]) {
  const codes = coded.map((row) => row.loginCode);
  return em.transactional(async (tx) => {
    const values = coded.map((row) => ({
      name: row.name,
      email: row.email,
      passwordHash: null,
      loginCode: row.loginCode,
      companyId: batch.companyId,
      role: 'learner' as const,
      wpUser: batch.purchased,
      createdAt: batch.now,
      updatedAt: batch.now,
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
}

/** One try at the batch: emails taken by then fail, the rest get codes and are inserted. */
async function createScreened(em: Em, batch: LearnerBatch, screened: ReturnType<typeof screenLearners>): Promise<LearnerResult[]> {
  const { candidates } = screened;
  const results = [...screened.results];
  const taken = await takenEmails(em, [...screened.emails]);
  const rows = candidates.filter((c) => !(c.email && taken.has(c.email)));
  const codes = await newLoginCodes(em, rows.length);
  const coded = rows.map((row, i) => {
    const loginCode = codes[i];
    if (loginCode === undefined) throw new Error(`newLoginCodes answered ${codes.length} codes for ${rows.length} learners.`);
    return { ...row, loginCode };
  });
  const created = await insertLearners(em, batch, coded);
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
        companyId: batch.companyId,
        role: 'learner',
        purchasedAccount: batch.purchased,
        loginCode: row.loginCode,
      },
    };
  }
  return results as LearnerResult[];
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
  const screened = screenLearners(learners);
  const batch = { companyId, purchased: options.purchased ?? false, now: options.now };
  for (let attempt = 1; ; attempt++) {
    try {
      return await createScreened(em, batch, screened);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException) || attempt >= ATTEMPTS) throw error;
    }
  }
}
