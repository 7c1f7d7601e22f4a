import { EmptyState } from '@portal/design-system';

/** Placeholder panel until a later release fills this tab in. */
export function ComingSoonPanel({ title, description }: { title: string; description: string }) {
  return (
    <div className="admin-panel" data-testid="admin-panel-coming-soon">
      <h2 className="admin-panel__title">{title}</h2>
      <EmptyState title={`${title} management is coming soon`}>
        <p>{description}</p>
      </EmptyState>
    </div>
  );
}
