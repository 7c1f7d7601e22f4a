import { useEffect, useState, type FormEvent } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ApiError, createApiClient, login, shell, type SessionUser } from '@portal/contracts';
import { Button, Card, FormField, Notice, Spinner, TextInput } from '@portal/design-system';
import { publishSiteSettings } from '../settings/use-site-settings';
import type { RemotePageComponent } from '../remotes/remote-page-props';
import './dev-harness.css';

/** Development only: a remote's pages alone, against the gateway's API (proxied at /api). */
const api = createApiClient();

export interface DevHarnessPage {
  path: string;
  Page: RemotePageComponent;
}

interface Props {
  pages: DevHarnessPage[];
  /** Whether the pages need a signed-in user; the harness then signs in first. */
  needsSession: boolean;
}

type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'ready'; user?: SessionUser } | { status: 'failed'; message: string };

export function DevHarness({ pages, needsSession }: Props) {
  const [session, setSession] = useState<SessionState>(needsSession ? { status: 'loading' } : { status: 'ready' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!needsSession) return;
    api.call(shell).then(
      (data) => {
        // Remote pages read the Site settings as they would inside the portal shell.
        publishSiteSettings(data.settings);
        setSession({ status: 'ready', user: data.user });
      },
      (error: unknown) =>
        setSession(
          error instanceof ApiError && error.status === 401 ? { status: 'signed-out' } : { status: 'failed', message: String(error) },
        ),
    );
  }, [needsSession, attempt]);

  return (
    <div className="dev-harness">
      <header className="dev-harness__bar">
        <strong>Remote dev harness</strong>
        <span>{session.status === 'ready' && session.user ? `${session.user.name} (${session.user.role})` : ''}</span>
        {pages.map(({ path }) => (
          <a key={path} href={path}>
            {path}
          </a>
        ))}
      </header>
      <main className="dev-harness__main">
        {session.status === 'loading' ? <Spinner /> : null}
        {session.status === 'failed' ? <Notice tone="error">Is the gateway running? {session.message}</Notice> : null}
        {session.status === 'signed-out' ? <SignIn onSignedIn={() => setAttempt((value) => value + 1)} /> : null}
        {session.status === 'ready' ? (
          <BrowserRouter>
            <Routes>
              {pages.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page api={api} {...(session.user ? { session: session.user } : {})} />} />
              ))}
            </Routes>
          </BrowserRouter>
        ) : null}
      </main>
    </div>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await api.call(login, { body: { email, password } });
      onSignedIn();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card title="Sign in (dev harness)">
      <form onSubmit={onSubmit} className="dev-harness__form">
        {message ? <Notice tone="error">{message}</Notice> : null}
        <FormField label="Email" htmlFor="dev-email">
          <TextInput id="dev-email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label="Password" htmlFor="dev-password">
          <TextInput id="dev-password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </FormField>
        <Button type="submit">Sign in</Button>
      </form>
    </Card>
  );
}
