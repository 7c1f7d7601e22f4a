import { ApiError, ENROLLING_MESSAGES } from '@portal/contracts';
import { enrolFailureText, existingLearnerOf, isNetworkError } from './enrol-errors';

const existing = { existing_user_id: 5, existing_user_name: 'Lee Carter', existing_user_enrollments: ['Fire Safety'] };

describe('enrolment errors', () => {
  it('reads the existing learner from a 422 body', () => {
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: { email: ['Taken.'] },
      additional_info: existing,
    } as never);
    expect(existingLearnerOf(error)).toEqual(existing);
  });

  it('finds no existing learner in other answers', () => {
    expect(existingLearnerOf(new ApiError(422, { message: 'Invalid.', errors: { name: ['Name is required'] } }))).toBeNull();
    expect(existingLearnerOf(new ApiError(403, { message: 'No.', additional_info: existing } as never))).toBeNull();
    expect(existingLearnerOf(new Error('x'))).toBeNull();
  });

  it('says a network failure in the spec’s words', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new ApiError(0, { message: 'x' }))).toBe(true);
    expect(isNetworkError(Object.assign(new Error('Request failed due to a network error'), { name: 'NetworkError' }))).toBe(true);
    expect(isNetworkError(new ApiError(500, { message: 'x' }))).toBe(false);
    expect(enrolFailureText(new TypeError('Failed to fetch'))).toBe(ENROLLING_MESSAGES.networkError);
  });

  it('gives the server’s text with its field messages', () => {
    expect(enrolFailureText(new ApiError(422, { message: 'You do not have enough credits for this enrollment', errors: {} }))).toBe(
      'You do not have enough credits for this enrollment',
    );
    expect(
      enrolFailureText(new ApiError(422, { message: 'The given data was invalid.', errors: { courses: ['Choose at least one course.'] } })),
    ).toBe('The given data was invalid. Choose at least one course.');
  });
});
