import { ButtonLink, EmptyState, PageHeader } from '@portal/design-system';

export function NotFoundPage() {
  return (
    <div className="shell-page" data-testid="not-found-page">
      <PageHeader title="Page not found" />
      <EmptyState title="We couldn't find that page" action={<ButtonLink href="/">Back to the dashboard</ButtonLink>}>
        <p>The address may be mistyped, or the page may have moved.</p>
      </EmptyState>
    </div>
  );
}
