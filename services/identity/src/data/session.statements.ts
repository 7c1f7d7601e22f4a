import type { Role } from '@portal/contracts';
import { preparedRead } from '@portal/service-kit';

// The sessions' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

export interface PrincipalRow {
  mimic_company_id: number | null;
  last_seen_at: unknown;
  expires_at: unknown;
  user_id: number;
  name: string;
  email: string | null;
  role: Role;
  company_id: number;
}

/** The session and its user: one joined statement, built once (kit preparedRead), on every signed-in request. */
export const sessionWithUser = preparedRead<PrincipalRow, [sessionId: string]>((knex, sessionId) =>
  knex('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .select('s.mimic_company_id', 's.last_seen_at', 's.expires_at', 'u.id as user_id', 'u.name', 'u.email', 'u.role', 'u.company_id')
    .where('s.id', sessionId)
    .limit(1),
);


export const sessionExpiry = preparedRead<{ expires_at: unknown }, [sessionId: string]>((knex, sessionId) => knex('sessions').select('expires_at').where('id', sessionId).limit(1));
