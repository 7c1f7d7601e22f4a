/**
 * `@portal/frontend-kit/form-card`: a react-hook-form form in a card, with the server's answer as
 * one notice and its field errors under the fields. A sub-entry: the main entry ships on every page.
 */
export { FormCard, type FormCardProps } from './form-card';
export { useServerSubmit, type ServerSubmitOptions } from './use-server-submit';
