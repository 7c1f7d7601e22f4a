import { useState } from 'react';
import { learnerAccountGet, type RouteOutput } from '@portal/contracts';
import { Card, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import { NameForm } from '../modules/account/name-form';
import { SignInDetailsForm, SignInSetUpForm } from '../modules/account/sign-in-form';
import { WaysIn } from '../modules/account/ways-in';
import { Certificates } from '../modules/account/certificates';
import { MyData } from '../modules/account/my-data';
import '../modules/account/account.css';

type Account = RouteOutput<typeof learnerAccountGet>;

/**
 * /account for a learner: their details, ways in, certificates and data. Nothing of the company
 * (settings, credits, logo, depots) is here: managers and admins get the company's account page.
 */
export default function LearnerAccount({ session, api }: RemotePageProps) {
  const query = useApiQuery('learner-account', () => api.call(learnerAccountGet));
  // What the forms saved since the page loaded (the name and email shown elsewhere on the page).
  const [saved, setSaved] = useState<Partial<Pick<Account, 'name' | 'email'>>>({});

  if (query.status !== 'success' || !session) {
    return (
      <div className="learner-account" data-testid="learner-account">
        <PageHeader title="My account" />
        {query.status === 'error' ? (
          <LoadError error={query.error} onRetry={query.reload} what="your account" />
        ) : (
          <SkeletonBlock height="320px" />
        )}
      </div>
    );
  }
  const account = { ...query.data, ...saved };

  return (
    <div className="learner-account" data-testid="learner-account">
      <PageHeader title="My account" subtitle="Your details, how you sign in, your certificates and your data." />
      <div className="learner-account__grid">
        <Card title="Your details">
          <div className="learner-account__section">
            <NameForm api={api} userId={session.id} name={account.name} onSaved={(name) => setSaved((s) => ({ ...s, name }))} />
          </div>
          <div className="learner-account__section">
            {account.has_password ? (
              <SignInDetailsForm api={api} email={account.email} onSaved={(email) => setSaved((s) => ({ ...s, email }))} />
            ) : (
              <SignInSetUpForm api={api} email={account.email} />
            )}
          </div>
        </Card>
        <Card title="Ways to sign in">
          <WaysIn api={api} email={account.email} hasLoginCode={account.has_login_code} />
        </Card>
      </div>
      <Card title="My certificates">
        <Certificates api={api} />
      </Card>
      <div className="learner-account__grid">
        <Card title="My data">
          <MyData api={api} signIns={account.recent_sign_ins} />
        </Card>
        {account.purchase_history_url ? (
          <Card title="Purchases">
            <p className="learner-account__muted">Your orders from our shop and their invoices.</p>
            <p>
              <a className="ds-link" href={account.purchase_history_url}>
                Purchase history
              </a>
            </p>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
