import { LEDGER_KINDS, type LedgerKind } from '@portal/contracts';
import { FormField } from '@portal/design-system';
import type { ListAddressState } from '@portal/frontend-kit';
import { LEDGER_KIND_LABELS } from './ledger-format';
import { ListToolbar } from '../lists/list-toolbar';

/** The address parameters of the ledger's own filters (beside search, order_by, order_dir, page). */
export const LEDGER_FILTERS = { kind: 'kind', company: 'ledger_of' } as const;

interface LedgerToolbarProps {
  address: Pick<ListAddressState, 'searchText' | 'setSearchText' | 'setFilter'>;
  kind: LedgerKind | undefined;
  company: { id: number; name: string };
  depots: readonly { id: number; name: string }[];
  /** Whose credits are shown: the company's or one of its depots'. */
  companyId: number;
}

/** The credit history's search, its kind filter, and (with depots) whose credits it shows. */
export function LedgerToolbar({ address, kind, company, depots, companyId }: LedgerToolbarProps) {
  return (
    <ListToolbar
      className="ledger-toolbar"
      address={address}
      searchLabel="Search credit history"
      searchPlaceholder="Search reasons, orders or people"
    >
      <FormField label="Kind" htmlFor="ledger-kind">
        <select
          id="ledger-kind"
          className="ds-input"
          value={kind ?? ''}
          onChange={(event) => address.setFilter(LEDGER_FILTERS.kind, event.target.value || null)}
        >
          <option value="">All kinds</option>
          {LEDGER_KINDS.map((k) => (
            <option key={k} value={k}>
              {LEDGER_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </FormField>
      {depots.length > 0 ? (
        <FormField label="Credits of" htmlFor="ledger-of">
          <select
            id="ledger-of"
            className="ds-input"
            value={companyId}
            onChange={(event) =>
              address.setFilter(LEDGER_FILTERS.company, Number(event.target.value) === company.id ? null : event.target.value)
            }
          >
            <option value={company.id}>{company.name}</option>
            {depots.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} (depot)
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
    </ListToolbar>
  );
}
