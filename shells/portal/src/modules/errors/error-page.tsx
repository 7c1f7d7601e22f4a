import { ButtonLink, Card, IconSvg } from '@portal/design-system';
import { useSiteSettings } from '@portal/frontend-kit';
import type { SessionUser } from '@portal/contracts';

export interface ErrorPageProps {
  error?: unknown;
  user?: SessionUser | null;
  isDevelopment?: boolean;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  if (error === undefined || error === null) return { message: 'Unknown error' };
  if (typeof error === 'string' || typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint')
    return { message: String(error) };
  // Any other value thrown: named by its kind, as String() would name a plain object ('[object Object]').
  return { message: Object.prototype.toString.call(error) };
}

/** The spec's Error page: maintenance title; the error text for admins only; the trace only in development. */
export function ErrorPage({ error, user, isDevelopment = false }: ErrorPageProps) {
  const details = describe(error);
  const isAdmin = user?.role === 'admin';
  // The Site tab's help address once the shell has it; the default when /api/shell itself failed.
  const { help_email: helpEmail } = useSiteSettings();
  return (
    <section className="shell-error" aria-labelledby="error-title" data-testid="error-page">
      <Card>
        <IconSvg size={48} strokeWidth={1.8} className="shell-error__icon">
          <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9l-3.8 3.8Z" />
        </IconSvg>
        <h1 id="error-title" className="shell-error__title">
          We&rsquo;re doing some maintenance
        </h1>
        <p>This feature is currently unavailable. Please check that you are logged in and try again.</p>
        <p>
          If the problem continues, contact support at <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
        </p>
        {isAdmin && error !== undefined ? (
          <p className="shell-error__message" data-testid="error-message">
            <strong>Error:</strong> {details.message}
          </p>
        ) : null}
        {isDevelopment && details.stack ? (
          <pre className="shell-error__trace" data-testid="error-trace">
            {details.stack}
          </pre>
        ) : null}
        <div className="shell-error__actions">
          <ButtonLink href="/">Back to the dashboard</ButtonLink>
          <ButtonLink href="/logout" variant="secondary">
            Sign in again
          </ButtonLink>
        </div>
      </Card>
    </section>
  );
}
