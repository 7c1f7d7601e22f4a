import { ButtonLink, EmptyState, PageHeader } from '@portal/design-system';

/** The spec's placeholder 'Site' screen, for areas a later release fills in. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="shell-page" data-testid="placeholder-page">
      <PageHeader title={title} />
      <EmptyState title="This area is being prepared" action={<ButtonLink href="/">Back to the dashboard</ButtonLink>}>
        <p>We&rsquo;re putting the finishing touches to this part of the site. Please check back soon.</p>
      </EmptyState>
    </div>
  );
}
