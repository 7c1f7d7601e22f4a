/**
 * `@portal/frontend-kit/confirm`: the confirmation a destructive action asks first, shared by the
 * admin and company remotes. A sub-entry: the shared main entry ships whole on every page.
 */
export { ConfirmModal, type ConfirmModalProps } from './confirm-modal';
