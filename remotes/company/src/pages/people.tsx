import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Notice } from '@portal/design-system';
import type { RemotePageProps } from '@portal/frontend-kit';
import { PeopleList } from '../modules/people/people-list';
import { PersonView } from '../modules/people/person-view';
import '../modules/people/people.css';

/**
 * SLOT: the sign-in slips of these people. The sign-in-slips module (branch `slips`:
 * `remotes/company/src/modules/sign-in-slips/`, props `{ api, companyId, userIds }`) goes here
 * once it is on main; until then nothing is drawn.
 */
function renderSlips(): ReactNode {
  return null;
}

/** /people and /people/:id (issue 32 item 6): the company's and its depots' learners, and one of them. */
export default function People({ session, api }: RemotePageProps) {
  const { id } = useParams();
  const companyId = session?.company_id ?? null;
  if (companyId === null) return <Notice tone="error">Sign in as a manager to see your people.</Notice>;
  if (id === undefined) return <PeopleList api={api} companyId={companyId} renderSlips={renderSlips} />;
  const userId = Number(id);
  if (!/^[1-9][0-9]*$/.test(id) || !Number.isSafeInteger(userId)) return <Notice tone="error">This learner does not exist.</Notice>;
  return <PersonView key={userId} api={api} companyId={companyId} userId={userId} renderSlips={renderSlips} />;
}
