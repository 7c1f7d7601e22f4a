import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { accountGet, type RouteOutput } from '@portal/contracts';
import { ButtonLink, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { LoadError, useApiQuery, type RemotePageProps, useSiteSettings } from '@portal/frontend-kit';
import { LoginDetailsForm } from '../modules/account/login-details-form';
import { NotificationsForm } from '../modules/account/notifications-form';
import { LogoUpload } from '../modules/account/logo-upload';
import { DepotsCard, ManagersCard } from '../modules/account/depots-card';
import { DepotEditor } from '../modules/account/edit-depot';
import { CompanyAuditCard } from '../modules/account/company-audit-card';
import { LedgerCard } from '../modules/credits/ledger-card';
import { TransferForm } from '../modules/credits/transfer-form';
import '../modules/account/account.css';

/** /account and /account/depot/{id} (spec §2 "Account settings", "Edit depot"). */
export default function Account({ api }: RemotePageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const depotId = id ? Number(id) : null;
  const [version, setVersion] = useState(0);
  const location = useLocation();
  // A depot deleted on /account/depot/{id} lands here with its notice.
  const [flash, setFlash] = useState<string | null>((location.state as { flash?: string } | null)?.flash ?? null);
  const [logoUrl, setLogoUrl] = useState<string | null | undefined>(undefined);
  const [ledgerVersion, setLedgerVersion] = useState(0);
  const account = useApiQuery(`account-${version}`, () => api.call(accountGet));
  const settings = useSiteSettings();

  // While a save reloads the account, keep showing what we had (forms keep their state and notices).
  const [lastData, setLastData] = useState<RouteOutput<typeof accountGet> | null>(null);
  if (account.status === 'success' && account.data !== lastData) setLastData(account.data);
  const data = account.status === 'success' ? account.data : lastData;
  if (account.status === 'loading' && !data) {
    return (
      <div className="account-page" data-testid="account-page">
        <PageHeader title="Account settings" />
        <SkeletonBlock height={240} />
      </div>
    );
  }
  if (account.status === 'error' || !data) {
    return (
      <div className="account-page" data-testid="account-page">
        <PageHeader title="Account settings" />
        {account.status === 'error' ? <LoadError error={account.error} onRetry={account.reload} what="your account" /> : null}
      </div>
    );
  }
  const depot = depotId === null ? undefined : data.depots.find((d) => d.id === depotId);

  return (
    <div className="account-page" data-testid="account-page">
      <PageHeader
        title="Account settings"
        subtitle={data.company.name}
        actions={
          <ButtonLink variant="secondary" href="/account/purchase-history">
            Purchase history
          </ButtonLink>
        }
      />
      {flash ? (
        <Notice tone="success" onDismiss={() => setFlash(null)} autoHideMs={5000}>
          {flash}
        </Notice>
      ) : null}
      {depotId !== null ? (
        <DepotEditor
          api={api}
          depot={depot}
          onUpdated={(message) => {
            setFlash(message);
            setVersion((v) => v + 1);
          }}
          onDeleted={(message) => void navigate('/account', { state: { flash: message } })}
        />
      ) : null}
      <div className="account-grid">
        <LoginDetailsForm api={api} user={data.user} onSaved={() => undefined} />
        <NotificationsForm api={api} settings={data.settings} />
        <LogoUpload logoUrl={logoUrl === undefined ? data.company.logo_url : logoUrl} onUploaded={setLogoUrl} />
        <ManagersCard managers={data.company_managers} helpEmail={settings.help_email} />
      </div>
      <DepotsCard depots={data.depots} />
      {data.depots.length > 0 ? (
        <TransferForm api={api} companyId={data.company.id} depots={data.depots} onTransferred={() => setLedgerVersion((v) => v + 1)} />
      ) : null}
      <LedgerCard api={api} company={data.company} depots={data.depots} version={ledgerVersion} />
      <CompanyAuditCard api={api} />
    </div>
  );
}
