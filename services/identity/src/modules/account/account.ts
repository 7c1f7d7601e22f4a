import { imageSize } from 'image-size';
import { ACCOUNT_MESSAGES, LOGO_MAX_PIXELS } from '@portal/contracts';
import { AppError, hashPassword, notFound, randomToken, validationError, type Em, type Principal, type Storage } from '@portal/service-kit';
import { Company, type ICompany } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { Session } from '../sessions/session.entity';
import { assertUniqueIdentity } from '../users/user.repository';

const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_TYPES: Record<string, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

export function logoUrlOf(company: ICompany): string | null {
  if (!company.logoPath) return null;
  // The stored key changes with every upload, so the address does too.
  const version = company.logoPath.split('/').pop()!.split('.')[0];
  return `/api/company/${company.id}/logo?v=${version}`;
}

export async function readAccount(em: Em, principal: Principal) {
  const user = await em.findOneOrFail(User, { id: principal.userId });
  const company = await em.findOne(Company, { id: principal.companyId });
  if (!company) throw notFound('Your company');
  const depots = await em.find(Company, { parentId: company.id }, { orderBy: { name: 'asc', id: 'asc' } });
  // Company administrators: its managers (admins — also a mimicking admin — are never listed).
  const managers = await em.find(User, { companyId: company.id, role: 'manager' }, { orderBy: { name: 'asc', id: 'asc' } });
  return {
    user: { id: user.id, name: user.name, email: user.email ?? null },
    company: { id: company.id, name: company.name, logo_url: logoUrlOf(company) },
    settings: { send_certificate: company.sendCertificate, send_report: company.sendReport, send_expiry_report: company.sendExpiryReport },
    depots: depots.map((d) => ({ id: d.id, name: d.name, email: d.email ?? null })),
    company_managers: managers.map((m) => ({ id: m.id, name: m.name, email: m.email ?? null })),
  };
}

/** POST /account/login: name and email; a blank password changes nothing. A new password ends the other sessions. */
export async function updateLoginDetails(em: Em, principal: Principal, input: { name: string; email: string; password?: string | null | undefined }) {
  const user = await em.findOneOrFail(User, { id: principal.userId });
  await assertUniqueIdentity(em, { email: input.email }, user.id);
  user.name = input.name;
  user.email = input.email;
  if (input.password) user.passwordHash = await hashPassword(input.password);
  await em.flush();
  if (input.password) await em.nativeDelete(Session, { userId: user.id, id: { $ne: principal.sessionId } });
}

export async function updateNotifications(em: Em, principal: Principal, input: { send_certificate: boolean; send_report: boolean; send_expiry_report: boolean }) {
  const company = await em.findOne(Company, { id: principal.companyId });
  if (!company) throw notFound('Your company');
  company.sendCertificate = input.send_certificate;
  company.sendReport = input.send_report;
  company.sendExpiryReport = input.send_expiry_report;
  await em.flush();
}

/** The logo's real type and pixel size are read from its bytes, never from its name or the browser's claim. */
export async function uploadLogo(em: Em, storage: Storage, principal: Principal, file: File): Promise<string> {
  const notImage = () => validationError({ logo: [ACCOUNT_MESSAGES.logoNotImage] });
  if (file.size === 0) throw validationError({ logo: [ACCOUNT_MESSAGES.logoMissing] });
  if (file.size > LOGO_MAX_BYTES) throw validationError({ logo: ['The logo may not be larger than 1 MB.'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw notImage();
  }
  const type = size.type ? LOGO_TYPES[size.type === 'jpeg' ? 'jpg' : size.type] : undefined;
  if (!type || !size.width || !size.height) throw notImage();
  if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) {
    throw validationError({ logo: [`${ACCOUNT_MESSAGES.logoTooLarge} This image is ${size.width}x${size.height}.`] });
  }
  const company = await em.findOne(Company, { id: principal.companyId });
  if (!company) throw notFound('Your company');
  const key = `logos/${company.id}/${randomToken(9)}.${type.ext}`;
  await storage.remove(`logos/${company.id}`);
  await storage.put(key, bytes);
  company.logoPath = key;
  await em.flush();
  return logoUrlOf(company)!;
}

export function logoContentType(key: string): string {
  const ext = key.split('.').pop() ?? '';
  return Object.values(LOGO_TYPES).find((t) => t.ext === ext)?.contentType ?? 'application/octet-stream';
}

/** A depot of the company the caller acts for (a depot's own manager cannot edit or delete it here). */
export async function findOwnDepot(em: Em, principal: Principal, depotId: number): Promise<ICompany> {
  const depot = await em.findOne(Company, { id: depotId, parentId: principal.companyId });
  if (!depot) throw new AppError('not_found', ACCOUNT_MESSAGES.depotNotFound);
  return depot;
}
