/**
 * `@portal/frontend-kit/credits`: the confirmation every spend of credits asks first (issue 32
 * item 3), shared by the company's Re-enrol and older Enroll page and the admin's enrol. A
 * sub-entry: the shared main entry ships whole on every page (it cannot be tree-shaken).
 */
export { SpendConfirmation, type SpendConfirmationProps, type SpendRequest } from './spend-confirmation';
export { QuoteDetails } from './quote-details';
export { credits, learnersByCourses, paidFromText } from './quote-text';
