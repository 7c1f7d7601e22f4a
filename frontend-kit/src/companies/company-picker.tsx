import { COMPANY_DROPDOWN_MAX_MATCHES, companyOptions, type ApiClient, type CompanyOption } from '@portal/contracts';
import { SearchablePicker, type PickerFieldProps } from '../forms/searchable-picker';
import './company-picker.css';

export interface CompanyPickerProps extends PickerFieldProps {
  api: ApiClient;
}

const label = (company: CompanyOption) => `${company.name}${company.parent_id ? ' (depot)' : ''}`;

/** Pick a company or depot by name (spec §9: at most 10 matches); a value set from outside is asked for by id. */
export function CompanyPicker({ api, ...field }: CompanyPickerProps) {
  return (
    <SearchablePicker<CompanyOption>
      {...field}
      queryKey="company-options"
      search={(term) =>
        api.call(companyOptions, { query: term ? { search: term } : {} }).then((r) => r.data.slice(0, COMPANY_DROPDOWN_MAX_MATCHES))
      }
      findById={(id) => api.call(companyOptions, { query: { id } }).then((r) => r.data[0] ?? null)}
      optionLabel={label}
      searchLabel="Search companies"
      searchPlaceholder="Company name"
      chooseText="Choose a company…"
      className="company-picker"
      selectClassName="company-picker__select"
    />
  );
}
