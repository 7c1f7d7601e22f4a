import { accountGet, type ApiClient } from '@portal/contracts';
import { useApiQuery, type RemotePageProps } from '@portal/frontend-kit';
import type { CompanyChoice } from './components/company-chooser';

/**
 * Whom the wizard enrols for: the manager's own company and its depots to choose from, and the one
 * chosen (`chosenId`, or the own company until one is chosen).
 */
export function useWizardCompany(api: ApiClient, session: RemotePageProps['session'], chosenId: number | null) {
  const account = useApiQuery('enrol-wizard-account', () => api.call(accountGet));
  const ownCompany: CompanyChoice | null =
    account.status === 'success' ? account.data.company : session ? { id: session.company_id, name: session.company_name } : null;
  const choices: CompanyChoice[] = ownCompany ? [ownCompany, ...(account.status === 'success' ? account.data.depots : [])] : [];
  const companyId = chosenId ?? ownCompany?.id ?? null;
  const companyName = choices.find((c) => c.id === companyId)?.name ?? '';
  return { account, ownCompanyId: ownCompany?.id ?? null, choices, companyId, companyName };
}
