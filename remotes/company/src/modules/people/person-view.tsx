import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { personGet, type ApiClient, type Person } from '@portal/contracts';
import { ButtonLink, Notice, PageHeader, SkeletonBlock } from '@portal/design-system';
import { leavePageNotice, LoadError, useApiQuery } from '@portal/frontend-kit';
import { PersonDetailsForm } from './person-details-form';
import { LoginCodeCard } from './login-code-card';
import { PersonEnrolments } from './person-enrolments';
import { PersonRemoval } from './person-removal';

export interface PersonViewProps {
  api: ApiClient;
  companyId: number;
  userId: number;
  /** The person's sign-in slip (the sign-in-slips module's downloads), given their id. */
  renderSlips: (userIds: number[]) => ReactNode;
}

/** /people/:id: one learner, their details, login code and enrolments, and removing or anonymising them. */
export function PersonView({ api, companyId, userId, renderSlips }: PersonViewProps) {
  const navigate = useNavigate();
  const query = useApiQuery(`person:${companyId}:${userId}`, () => api.call(personGet, { params: { companyId, userId } }));
  // What the last change answered, shown until the person is loaded again.
  const [changed, setChanged] = useState<Person | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const loaded = query.status === 'success' ? query.data : null;
  const person = changed && changed.id === loaded?.data.id ? { ...loaded.data, ...changed } : (loaded?.data ?? null);
  const saved = (next: Person, text: string) => {
    setChanged(next);
    setMessage(text);
  };

  return (
    <div className="people" data-testid="person-page">
      <PageHeader
        title={person?.name ?? 'Learner'}
        subtitle={person ? person.company_name : undefined}
        actions={
          <ButtonLink href="/people" variant="ghost">
            Back to people
          </ButtonLink>
        }
      />
      {message ? (
        <Notice key={message} tone="success" onDismiss={() => setMessage(null)} autoHideMs={5000}>
          {message}
        </Notice>
      ) : null}
      {query.status === 'loading' ? <SkeletonBlock height="240px" /> : null}
      {query.status === 'error' ? <LoadError error={query.error} onRetry={query.reload} what="this learner" /> : null}
      {person && loaded ? (
        <div className="people-person">
          {person.anonymised ? (
            <div className="people-person__wide">
              <Notice tone="info">This learner has been anonymised: their records stay, without their name.</Notice>
            </div>
          ) : null}
          <PersonDetailsForm key={person.id} api={api} companyId={companyId} person={person} companies={loaded.companies} onSaved={saved} />
          <LoginCodeCard api={api} companyId={companyId} person={person} slip={renderSlips([person.id])} onIssued={saved} />
          <div className="people-person__wide">
            <PersonEnrolments enrolments={loaded.data.enrolment_list} />
          </div>
          <div className="people-person__wide">
            <PersonRemoval
              api={api}
              companyId={companyId}
              person={person}
              onRemoved={(text) => {
                leavePageNotice({ tone: 'success', text, at: '/people' });
                void navigate('/people');
              }}
              onAnonymised={(next, text) => {
                saved(next, text);
                query.reload();
              }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
