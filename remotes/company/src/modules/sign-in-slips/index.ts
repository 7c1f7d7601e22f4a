/**
 * Sign-in details for any selection of learners (issue 32 item 5), for the enrol wizard's summary
 * and any page that lists learners:
 *
 *   <SignInSlipsButtons api={api} companyId={companyId} userIds={[12, 15]} />
 *
 * or the hook alone: `const slips = useSignInSlips(api, companyId); slips.download('slips', ids)`.
 * Server side: POST /api/company/{companyId}/sign-in-slips and /login-codes (contracts sign-in-slips.ts).
 */
export { SignInSlipsButtons, type SignInSlipsButtonsProps } from './sign-in-slips-buttons';
export { useSignInSlips, skippedText, type SignInDownload, type SignInSlipsState } from './use-sign-in-slips';
