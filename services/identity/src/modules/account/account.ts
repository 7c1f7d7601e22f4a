import { ACCOUNT_MESSAGES, LOGO_MAX_PIXELS } from '@portal/contracts';
import {
  AppError,
  notFound,
  randomToken,
  reencodeImage,
  UnreadableImageError,
  validationError,
  type Em,
  type JobQueue,
  type Mailer,
  type Principal,
  type Storage,
} from '@portal/service-kit';
import type { ICompany } from '../../data/company.entity';
import { depotsOf, findCompany, findDepot } from '../../data/company.repository';
import { findUser, managersOf } from '../../data/user.repository';
import { assertCurrentPassword } from '../auth/current-password';
import { requestPasswordReset } from '../auth/emailed-links';
import { changeCredentials } from '../credentials/change-credentials';

const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_TYPES: Record<string, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

export function logoUrlOf(company: ICompany): string | null {
  return company.logoPath ? logoUrlFor(company.id, company.logoPath) : null;
}

function logoUrlFor(companyId: number, logoPath: string): string {
  // The stored key changes with every upload, so the address does too.
  const version = logoPath.split('/').at(-1)?.split('.')[0];
  return `/api/company/${companyId}/logo?v=${version}`;
}

async function ownAccount(em: Em, principal: Principal) {
  const user = await findUser(em, principal.userId);
  if (!user) throw notFound('Your account');
  return user;
}

async function ownCompany(em: Em, principal: Principal): Promise<ICompany> {
  const company = await findCompany(em, principal.companyId);
  if (!company) throw notFound('Your company');
  return company;
}

export async function readAccount(em: Em, principal: Principal) {
  const user = await ownAccount(em, principal);
  const company = await ownCompany(em, principal);
  const depots = await depotsOf(em, company.id);
  // Company administrators: its managers (admins — also a mimicking admin — are never listed).
  const managers = await managersOf(em, company.id);
  return {
    user: { id: user.id, name: user.name, email: user.email ?? null, has_password: !!user.passwordHash },
    company: { id: company.id, name: company.name, logo_url: logoUrlOf(company) },
    settings: { send_certificate: company.sendCertificate, send_report: company.sendReport, send_expiry_report: company.sendExpiryReport },
    depots: depots.map((d) => ({ id: d.id, name: d.name, email: d.email ?? null })),
    company_managers: managers.map((m) => ({ id: m.id, name: m.name, email: m.email ?? null })),
  };
}

/**
 * POST /account/login: name and email; a blank password changes nothing. A new email or password
 * needs the current password (a new name alone does not); a new password ends the other sessions
 * and is told to the account's address, a new email to the old address, and emailed links not
 * used yet are voided.
 */
export async function updateLoginDetails(
  em: Em,
  mailer: Mailer,
  principal: Principal,
  input: { name: string; email: string; password?: string | null | undefined; current_password?: string | undefined },
  now: Date,
) {
  const user = await ownAccount(em, principal);
  if (input.email !== (user.email ?? null) || input.password) {
    await assertCurrentPassword(em, user, input.current_password, now, {
      required: ACCOUNT_MESSAGES.currentPasswordRequired,
      wrong: ACCOUNT_MESSAGES.currentPasswordWrong,
      noPasswordYet: ACCOUNT_MESSAGES.noPasswordYet,
    });
  }
  user.name = input.name;
  await changeCredentials(em, mailer, user, { email: input.email, password: input.password, keepSessionId: principal.sessionId });
}

/**
 * POST /account/password-link: an account without a password (a manager or admin added without
 * one) chooses one through a link mailed to its own address — the password reset mail, queued,
 * under the same mail limits as the sign-in page's.
 */
export async function requestOwnPasswordLink(
  ctx: { em: Em; jobs: JobQueue; address: string; now: Date },
  principal: Principal,
): Promise<void> {
  const user = await ownAccount(ctx.em, principal);
  if (user.passwordHash) throw new AppError('validation', ACCOUNT_MESSAGES.hasPassword);
  if (!user.email) throw new AppError('validation', ACCOUNT_MESSAGES.noEmail);
  await requestPasswordReset({ em: ctx.em, jobs: ctx.jobs, email: user.email, address: ctx.address, now: ctx.now });
}

export async function updateNotifications(
  em: Em,
  principal: Principal,
  input: { send_certificate: boolean; send_report: boolean; send_expiry_report: boolean },
) {
  const company = await ownCompany(em, principal);
  company.sendCertificate = input.send_certificate;
  company.sendReport = input.send_report;
  company.sendExpiryReport = input.send_expiry_report;
  await em.flush();
}

/**
 * The logo's real type and pixel size are read from its bytes, never from its name or the
 * browser's claim; it is decoded whole (a damaged image is refused, issue 25) and what is stored
 * is a fresh encoding of it, in its own format.
 */
export async function uploadLogo(em: Em, storage: Storage, principal: Principal, file: File): Promise<string> {
  if (file.size === 0) throw validationError({ logo: [ACCOUNT_MESSAGES.logoMissing] });
  if (file.size > LOGO_MAX_BYTES) throw validationError({ logo: ['The logo may not be larger than 1 MB.'] });
  let clean: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    // Room for a few times the pixels a logo may have, so an oversize logo is told its size below.
    clean = await reencodeImage(new Uint8Array(await file.arrayBuffer()), {
      formats: ['png', 'jpeg', 'gif', 'webp'],
      maxPixels: 16_000_000,
    });
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    throw validationError({
      logo: [
        error.reason === 'damaged'
          ? ACCOUNT_MESSAGES.logoUnreadable
          : error.reason === 'too-large'
            ? ACCOUNT_MESSAGES.logoTooLarge
            : ACCOUNT_MESSAGES.logoNotImage,
      ],
    });
  }
  if (clean.width > LOGO_MAX_PIXELS || clean.height > LOGO_MAX_PIXELS) {
    throw validationError({ logo: [`${ACCOUNT_MESSAGES.logoTooLarge} This image is ${clean.width}x${clean.height}.`] });
  }
  const type = LOGO_TYPES[clean.format === 'jpeg' ? 'jpg' : clean.format];
  if (!type) throw new Error(`The logo came back re-encoded as ${clean.format}, a format it was not asked for.`);
  const company = await ownCompany(em, principal);
  const key = `logos/${company.id}/${randomToken(9)}.${type.ext}`;
  await storage.remove(`logos/${company.id}`);
  await storage.put(key, clean.bytes);
  company.logoPath = key;
  await em.flush();
  return logoUrlFor(company.id, key);
}

export function logoContentType(key: string): string {
  const ext = key.split('.').pop() ?? '';
  return Object.values(LOGO_TYPES).find((t) => t.ext === ext)?.contentType ?? 'application/octet-stream';
}

/** A company's logo: its bytes and type, or 404. */
export async function readLogo(
  em: Em,
  storage: Storage,
  companyId: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const company = await findCompany(em, companyId);
  if (!company?.logoPath) throw notFound('That logo');
  const logoPath = company.logoPath;
  const bytes = await storage.get(logoPath).catch(() => {
    throw notFound('That logo');
  });
  return { bytes: new Uint8Array(bytes), contentType: logoContentType(logoPath) };
}

/** A depot of the company the caller acts for (a depot's own manager cannot edit or delete it here). */
export async function findOwnDepot(em: Em, principal: Principal, depotId: number): Promise<ICompany> {
  const depot = await findDepot(em, principal.companyId, depotId);
  if (!depot) throw new AppError('not_found', ACCOUNT_MESSAGES.depotNotFound);
  return depot;
}

/** PATCH /account/depot/{id}: a depot's name and email. */
export async function updateOwnDepot(
  em: Em,
  principal: Principal,
  depotId: number,
  input: { name: string; email?: string | null | undefined },
): Promise<ICompany> {
  const depot = await findOwnDepot(em, principal, depotId);
  depot.name = input.name;
  if (input.email !== undefined) depot.email = input.email;
  await em.flush();
  return depot;
}
