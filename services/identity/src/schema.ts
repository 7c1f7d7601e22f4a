import type { ServiceSchema } from '@portal/service-kit';
import { User } from './data/user.entity';
import { Company } from './data/company.entity';
import { Session } from './data/session.entity';
import { UserToken } from './data/user-token.entity';
import { AuthAttempt, AuthAttemptBucket } from './data/auth-attempt.entity';
import { SignInRecord } from './data/sign-in-record.entity';
import { IdentityInitial } from './migrations/202611210010_identity_initial';
import { IdentityTokensAndAttempts } from './migrations/202611210600_identity_tokens_and_attempts';
import { IdentitySignIns } from './migrations/202611240100_identity_sign_ins';
import { IdentityAnonymised } from './migrations/202611250100_identity_anonymised';
import { IdentitySiteSettings } from './migrations/202611250100_identity_site_settings';
import { IdentityReportingLearners } from './migrations/202612040100_identity_reporting_learners';
import { IdentityAttemptBuckets } from './migrations/202612050100_identity_attempt_buckets';
import { IdentityWelcomedAt } from './migrations/202612050200_identity_welcomed_at';
import { SiteSetting } from './data/site-setting.entity';

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
