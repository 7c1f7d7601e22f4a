import { ApiError } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';

/** A request that failed: the server's message when it sent one, and a Retry. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const message =
    error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong on our side. Please try again in a moment.';
  return (
    <div className="remote-load-error" data-testid="load-error">
      <Notice tone="error" title={`We couldn't load ${what}`}>
        <p>{message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </Notice>
    </div>
  );
}
