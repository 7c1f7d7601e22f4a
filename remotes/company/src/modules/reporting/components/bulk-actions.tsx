import { Button } from '@portal/design-system';
import type { ExportKind, ExportScope } from '../hooks/use-reporting-exports';

const EXPORT_BUTTONS: { kind: ExportKind; label: string }[] = [
  { kind: 'report', label: 'Export report' },
  { kind: 'login_codes', label: 'Export login codes' },
  { kind: 'certificates', label: 'All certificates' },
];

export interface BulkActionsProps {
  /** Matching rows (undefined before the first page has loaded). */
  total: number | undefined;
  canRemind: boolean;
  isReminding: boolean;
  onRemindAll: () => void;
  scope: ExportScope;
  onScopeChange: (scope: ExportScope) => void;
  exporting: ExportKind | null;
  onExport: (kind: ExportKind) => void;
}

/** Remind all, and the exports over every matching row or this page. */
export function BulkActions({ total, canRemind, isReminding, onRemindAll, scope, onScopeChange, exporting, onExport }: BulkActionsProps) {
  return (
    <div className="reporting-bulk" role="group" aria-label="Bulk actions">
      <Button variant="secondary" size="sm" loading={isReminding} disabled={!canRemind} onClick={onRemindAll}>
        Remind all
      </Button>
      <span className="reporting-bulk__spacer" />
      <label className="reporting-bulk__scope">
        <span>Export</span>
        <select className="ds-input" value={scope} onChange={(event) => onScopeChange(event.target.value as ExportScope)}>
          <option value="all">All {total !== undefined ? `${total} matching` : ''}</option>
          <option value="page">This page</option>
        </select>
      </label>
      {EXPORT_BUTTONS.map(({ kind, label }) => (
        <Button
          key={kind}
          variant="secondary"
          size="sm"
          loading={exporting === kind}
          disabled={!total || exporting !== null}
          onClick={() => onExport(kind)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
