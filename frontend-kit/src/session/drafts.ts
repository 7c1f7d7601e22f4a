/**
 * `@portal/frontend-kit/drafts`: a form's draft kept in the tab (the enrol wizard). A sub-entry: the
 * shared main entry ships whole on every page. Sign-out forgets every draft through the device store.
 */
export { draftOf, forgetDraft, keepDraft } from './draft-store';
