/** Business constants of the spec (§9), kept once. */
export const DEFAULT_COMPANY_ID = 1;
export const CATALOGUE_PAGE_SIZE = 10;
export const ENROL_COURSE_PICKER_PAGE_SIZE = 10;
export const COURSE_TILES_SHOWN = 10;
export const COMPANY_DROPDOWN_MAX_MATCHES = 10;
export const ADMIN_PAGE_SIZE = 15;
export const MIN_SEARCH_LENGTH = 2;
export const LOGO_MAX_PIXELS = 256;
export const LOGO_PROPAGATION_NOTE = 'Changes can take up to 5 minutes to appear.';
export const DEBOUNCE_MS = { existingUserSearch: 250, autocomplete: 300, reporting: 600 } as const;
export const POPUP_BLUR_CLOSE_MS = 200;
export const STATUS_MESSAGE_MS = 5000;
export const LEARNER_SUCCESS_NOTICE_MS = 5000;
export const RECENTLY_SUCCESSFUL_MS = 2000;
export const PROGRESS_BAR_DELAY_MS = 250;
export const REPORT_DEFAULT_DAYS = 30;
export const RENEWAL_THRESHOLD_DAYS = 7;
/** Re-enrolment is offered (and the expiry shows red) from RENEWAL_THRESHOLD_DAYS before a pass expires, and after. */
export function isRenewalDue(expiresAt: Date | string | null | undefined, now: Date): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  return new Date(expiresAt).getTime() - now.getTime() <= RENEWAL_THRESHOLD_DAYS * 24 * 60 * 60 * 1000;
}
export const WIZARD_STEPS = ['Select Courses', 'Add Employees', 'Finalise Enrollment'] as const;
export const ACTIVITY_TYPES = ['file', 'video'] as const;
export const HELP_EMAIL = 'help@safetytraining.test';
export const CREDIT_PURCHASE_URL = 'https://shop.safetytraining.test/credits';
export const HELP_URL = 'https://safetytraining.test/help';
export const PRIVACY_URL = 'https://safetytraining.test/privacy';
export const TERMS_URL = 'https://safetytraining.test/terms';
export const RATING_TEXT = { rating: '4.7 Ratings', reviews: '2000+ Reviews' } as const;
export const SHOP_URL = 'https://shop.safetytraining.test';
export const SUPPORT_CONTACT = 'Call 0800 000 0000, Monday to Friday, 9am to 5pm';
/** Category ids that have their own icon (spec §9); others get the default icon. */
export const SPECIAL_ICON_CATEGORY_IDS = [1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19] as const;
export const COMPANY_SPECIFIC_CATEGORY_NAME = 'Company Specific';
/** Identity: passwords, emailed links, sign-in rate limits (decisions.md "Identity"). */
export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_LINK_TTL_MINUTES = 15;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const SESSION_COOKIE = 'portal_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The same two where cookies are Secure (https): `__Host-` names, which only the portal's own host can set (issue 31 item 7). */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const SECURE_XSRF_COOKIE = `__Host-${XSRF_COOKIE}`;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** en-GB date as the spec shows them everywhere (dd/mm/yyyy). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { timeZone: 'UTC' });
}
