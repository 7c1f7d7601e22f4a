/** One counted attempt in a rate-limit bucket: the kit's shared attempt limits own the entity. */
export { AuthAttempt, AuthAttemptBucket, type IAuthAttempt } from '@portal/service-kit';
