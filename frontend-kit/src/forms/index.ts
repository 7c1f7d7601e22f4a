// `@portal/frontend-kit/forms`: not part of the shared singleton (only the package root is), so
// each build bundles what its pages use and the first visit of a page without a form pays nothing.
export { BoundField, type BindableForm, type BoundControlProps, type BoundFieldProps } from './bound-field';
export { SignInForm, type FormNotice, type SignInFormProps } from './sign-in-form';
export { PasswordChangeFields, type PasswordChangeFieldsProps } from './password-change-fields';
