import type { ServiceSchema } from '@portal/service-kit';
import { User } from './modules/users/user.entity';
import { Company } from './modules/companies/company.entity';
import { Session } from './modules/sessions/session.entity';
import { UserToken } from './modules/auth/user-token.entity';
import { AuthAttempt, AuthAttemptBucket } from './modules/auth/auth-attempt.entity';
import { SignInRecord } from './modules/learner-account/sign-in-record.entity';
import { IdentityInitial } from './migrations/202611210010_identity_initial';
import { IdentityTokensAndAttempts } from './migrations/202611210600_identity_tokens_and_attempts';
import { IdentitySignIns } from './migrations/202611240100_identity_sign_ins';
import { IdentityAnonymised } from './migrations/202611250100_identity_anonymised';
import { IdentitySiteSettings } from './migrations/202611250100_identity_site_settings';
import { IdentityReportingLearners } from './migrations/202612040100_identity_reporting_learners';
import { IdentityAttemptBuckets } from './migrations/202612050100_identity_attempt_buckets';
import { IdentityWelcomedAt } from './migrations/202612050200_identity_welcomed_at';
import { SiteSetting } from './modules/settings/site-setting.entity';

export const identitySchema: ServiceSchema = {
  entities: [User, Company, Session, UserToken, AuthAttempt, AuthAttemptBucket, SignInRecord, SiteSetting],
  migrations: [
    { name: '202611210010_identity_initial', class: IdentityInitial },
    { name: '202611210600_identity_tokens_and_attempts', class: IdentityTokensAndAttempts },
    { name: '202611240100_identity_sign_ins', class: IdentitySignIns },
    { name: '202611250100_identity_anonymised', class: IdentityAnonymised },
    { name: '202611250100_identity_site_settings', class: IdentitySiteSettings },
    { name: '202612040100_identity_reporting_learners', class: IdentityReportingLearners },
    { name: '202612050100_identity_attempt_buckets', class: IdentityAttemptBuckets },
    { name: '202612050200_identity_welcomed_at', class: IdentityWelcomedAt },
  ],
};
