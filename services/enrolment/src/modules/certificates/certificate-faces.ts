import { CERTIFICATE_STATUSES, type CertificateStatus } from '@portal/contracts';
import type { ServiceDeps } from '@portal/service-kit';
import type { ICertificateRecord } from './certificate.entity';
import type { CertificateBackground, CertificateFace } from './certificate-pdf';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'env'>;

export const DELETED = { course: 'Deleted course', learner: 'Former learner', company: 'Former company' } as const;

/** The verify address printed in the QR code. */
export const verifyUrlOf = (appUrl: string, code: string) => `${appUrl.replace(/\/$/, '')}/verify?code=${encodeURIComponent(code)}`;

/** Revoked wins over superseded, superseded over expired (a certificate expires at its expiry moment). */
export function certificateStatus(
  certificate: Pick<ICertificateRecord, 'revokedAt' | 'supersededBy' | 'expiresAt'>,
  now: Date,
): CertificateStatus {
  if (certificate.revokedAt) return 'revoked';
  if (certificate.supersededBy !== null && certificate.supersededBy !== undefined) return 'superseded';
  if (certificate.expiresAt && certificate.expiresAt.getTime() <= now.getTime()) return 'expired';
  return CERTIFICATE_STATUSES[0];
}

/** Names of learners, courses and companies of these certificates, in one call per port (companies one each, few). */
export async function namesFor(deps: Deps, certificates: Pick<ICertificateRecord, 'userId' | 'courseId' | 'companyId'>[]) {
  const unique = (values: number[]) => [...new Set(values)];
  const [users, courses, companies] = await Promise.all([
    deps.identity.usersByIds(unique(certificates.map((c) => c.userId))),
    deps.catalogue.coursesByIds(unique(certificates.map((c) => c.courseId))),
    Promise.all(unique(certificates.map((c) => c.companyId)).map((id) => deps.identity.companyById(id))),
  ]);
  return {
    learner: new Map(users.map((u) => [u.id, u.name])),
    anonymised: new Set(users.filter((u) => u.anonymised).map((u) => u.id)),
    course: new Map(courses.map((c) => [c.id, c.name])),
    company: new Map(companies.filter((c) => c !== null).map((c) => [c.id, c.name])),
  };
}
export type Names = Awaited<ReturnType<typeof namesFor>>;

export function faceOf(certificate: ICertificateRecord, names: Names, appUrl: string): CertificateFace {
  return {
    learnerName: names.learner.get(certificate.userId) ?? DELETED.learner,
    courseName: names.course.get(certificate.courseId) ?? DELETED.course,
    companyName: names.company.get(certificate.companyId) ?? DELETED.company,
    passedAt: certificate.issuedAt,
    expiresAt: certificate.expiresAt ?? null,
    code: certificate.code,
    verifyUrl: verifyUrlOf(appUrl, certificate.code),
  };
}

/** The admin's uploaded background, through the catalogue's port, or null for the built-in design. */
export async function backgroundOf(deps: Pick<ServiceDeps, 'catalogue'>): Promise<CertificateBackground | null> {
  const background = await deps.catalogue.certificateBackground();
  return background ? { bytes: Buffer.from(background.base64, 'base64'), contentType: background.contentType } : null;
}
