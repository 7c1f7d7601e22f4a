import { useParams } from 'react-router';
import { Notice } from '@portal/design-system';
import type { RemotePageProps } from '@portal/frontend-kit';
import { SignInSlipsButtons } from '../modules/sign-in-slips';
import { PeopleList } from '../modules/people/people-list';
import { PersonView } from '../modules/people/person-view';
import '../modules/people/people.css';

/** /people and /people/:id (issue 32 item 6): the company's and its depots' learners, and one of them. */
export default function People({ session, api }: RemotePageProps) {
  const { id } = useParams();
  const companyId = session?.company_id ?? null;
  if (companyId === null) return <Notice tone="error">Sign in as a manager to see your people.</Notice>;
  // Sign-in slips and login codes (issue 32 item 5) of the chosen people, or of the one person shown.
  const renderSlips = (userIds: number[]) => <SignInSlipsButtons api={api} companyId={companyId} userIds={userIds} />;
  if (id === undefined) return <PeopleList api={api} companyId={companyId} renderSlips={renderSlips} />;
  const userId = Number(id);
  if (!/^[1-9][0-9]*$/.test(id) || !Number.isSafeInteger(userId)) return <Notice tone="error">This learner does not exist.</Notice>;
  return <PersonView key={userId} api={api} companyId={companyId} userId={userId} renderSlips={renderSlips} />;
}
