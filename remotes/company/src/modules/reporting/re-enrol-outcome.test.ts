import { ApiError, REPORTING_MESSAGES } from '@portal/contracts';
import { reEnrolFailure } from './re-enrol-outcome';

describe('reEnrolFailure', () => {
  it('turns the ledger refusal into the spec sentence', () => {
    expect(reEnrolFailure(new ApiError(422, { message: 'You do not have enough credits for this enrollment', errors: {} }))).toEqual({
      isNoCredit: true,
      text: REPORTING_MESSAGES.reEnrolNoCredit,
    });
    expect(
      reEnrolFailure(
        new ApiError(422, {
          message: 'The given data was invalid.',
          errors: { courses: ['You do not have enough credits for this enrollment'] },
        }),
      ).isNoCredit,
    ).toBe(true);
  });

  it('passes other refusals through', () => {
    expect(reEnrolFailure(new ApiError(403, { message: 'Forbidden' }))).toEqual({ isNoCredit: false, text: 'Forbidden' });
  });
});
