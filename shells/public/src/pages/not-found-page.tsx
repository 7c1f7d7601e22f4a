import { ButtonLink, EmptyState } from '@portal/design-system';

export function NotFoundPage() {
  return (
    <div className="public-narrow">
      <h1>Page not found</h1>
      <EmptyState title="We couldn't find that page" action={<ButtonLink href="/login">Go to sign in</ButtonLink>} />
    </div>
  );
}
