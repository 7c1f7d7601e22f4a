/**
 * `@portal/frontend-kit/pickers`: the searchable picker and the company picker on it. Only the
 * admin's forms use them: a sub-entry, so the main entry every page loads does not carry them.
 */
export { CompanyPicker, type CompanyPickerProps } from '../companies/company-picker';
export { SearchablePicker, type PickerFieldProps, type SearchablePickerProps } from '../forms/searchable-picker';
