import { Button, Card } from '@portal/design-system';

/** Shown in place of a remote's page only; the rest of the layout keeps working. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="shell-remote-fallback" data-testid="remote-fallback" role="alert">
      <Card title="This part of the portal could not be loaded">
        <p>
          Something went wrong while loading this page. Check your connection and try again. The rest of the portal is still available from
          the menu.
        </p>
        <Button onClick={onRetry}>Retry</Button>
      </Card>
    </div>
  );
}
