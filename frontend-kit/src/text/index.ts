/**
 * `@portal/frontend-kit/text`: small text pieces only some pages need (a sub-entry: the shared main
 * entry ships whole on every page).
 */
export { BreakableEmail } from './breakable-email';
