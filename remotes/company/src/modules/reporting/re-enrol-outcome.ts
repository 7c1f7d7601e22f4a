import { ApiError, REPORTING_MESSAGES } from '@portal/contracts';

/** The ledger's refusal when the balance does not reach (decisions.md "Credits and enrolment"). */
const NO_CREDIT = /enough credit/i;

/** A failed re-enrolment: 'no credit' (with the order link), or the server's own words. */
export function reEnrolFailure(error: unknown): { isNoCredit: boolean; text: string } {
  if (error instanceof ApiError) {
    const texts = [error.message, ...Object.values(error.fieldErrors).flat()];
    if (texts.some((text) => NO_CREDIT.test(text))) return { isNoCredit: true, text: REPORTING_MESSAGES.reEnrolNoCredit };
    return { isNoCredit: false, text: [...new Set(texts)].join(' ') };
  }
  return { isNoCredit: false, text: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
}
