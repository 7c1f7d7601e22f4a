import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, TabPanel, Tabs } from '@portal/design-system';
import { forgetDeviceCopies, useSiteSettings } from '@portal/frontend-kit';
import { CodeLoginForm } from '../modules/auth/code-login-form';
import { PasswordLoginForm } from '../modules/auth/password-login-form';
import { LinkLoginForm } from '../modules/auth/link-login-form';

const LOGIN_TABS = [
  { id: 'password', label: 'Email and password' },
  { id: 'code', label: 'Login code' },
  { id: 'link', label: 'Email me a link' },
];

/** A login code as a sign-in slip's QR code brings it (`/login?code=…`), or null when it cannot be one (loginCodeField's rule). */
export function codeFromAddress(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9-]{4,64}$/.test(code) ? code : null;
}

export function LoginPage() {
  const [search, setSearch] = useSearchParams();
  // Read once: the code leaves the address at once (below), and stays filled in if the learner switches tabs and back.
  const [slipCode] = useState(() => codeFromAddress(search.get('code')));
  const [activeId, setActiveId] = useState(slipCode ? 'code' : 'password');
  const { help_email: helpEmail } = useSiteSettings();
  // Where a session that ended without sign-out lands (the gateway sends a signed-out portal page
  // here): the player's copies go; unsent commits wait for their user's sign-in (issue 31 item 6).
  useEffect(forgetDeviceCopies, []);
  // A sign-in slip's code is a credential: it does not stay in the address bar or the history.
  useEffect(() => {
    if (search.has('code'))
      setSearch(
        (current) => {
          current.delete('code');
          return current;
        },
        { replace: true },
      );
  }, [search, setSearch]);
  return (
    <div className="public-auth">
      <section className="public-auth__intro" aria-labelledby="login-title">
        <h1 id="login-title">Sign in to your training</h1>
        <p>Take your health and safety courses, track your team&rsquo;s progress and download certificates.</p>
        <ul className="public-auth__points">
          <li>Accredited online courses</li>
          <li>Certificates you can verify by QR code</li>
          <li>Progress reporting for managers</li>
        </ul>
      </section>
      <div className="public-auth__card">
        <Card title="Sign in">
          <Tabs tabs={LOGIN_TABS} activeId={activeId} onChange={setActiveId} label="How would you like to sign in?" />
          <TabPanel id="password" activeId={activeId}>
            <PasswordLoginForm />
          </TabPanel>
          <TabPanel id="code" activeId={activeId}>
            <CodeLoginForm initialCode={slipCode ?? ''} />
          </TabPanel>
          <TabPanel id="link" activeId={activeId}>
            <LinkLoginForm />
          </TabPanel>
          <p className="public-auth__help">
            Having trouble? Email <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
          </p>
        </Card>
      </div>
    </div>
  );
}
