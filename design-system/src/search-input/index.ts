export { SearchInput } from './search-input';
export type { SearchInputProps } from './search-input';
