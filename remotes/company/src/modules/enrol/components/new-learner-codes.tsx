import { useState } from 'react';
import type { ApiClient, EnrolledRow } from '@portal/contracts';
import { Pagination, SearchInput, Table } from '@portal/design-system';
import { SignInSlipsButtons } from '../../sign-in-slips';
import { codeLearnersOf, codeLearnersPage, type CodeLearnerSort } from '../new-learner-codes';
import './new-learner-codes.css';

/** Finalise's rows and the company the summary's downloads act for (its own or its depots' learners). */
export interface EnrolledForCodes {
  rows: readonly EnrolledRow[];
  companyId: number;
}

/**
 * In the enrolment summary: every enrolled learner without an email, with their login code, and
 * their sign-in slips and codes to download (issue 32 item 5). Nothing when there is none.
 */
export function NewLearnerCodes({ api, companyId, enrolled }: { api: ApiClient; companyId: number; enrolled: readonly EnrolledRow[] }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CodeLearnerSort>({ key: 'learner_name', dir: 'asc' });
  const [page, setPage] = useState(1);
  const learners = codeLearnersOf(enrolled);
  if (learners.length === 0) return null;
  const shown = codeLearnersPage(learners, search, sort, page);
  const many = learners.length === 1 ? '1 learner has' : `${learners.length} learners have`;
  return (
    <section className="enrol-codes" aria-labelledby="enrol-codes-title" data-testid="new-learner-codes">
      <h3 id="enrol-codes-title">Sign-in details</h3>
      <p>
        {many} no email address: they sign in at <strong>{`${window.location.origin}/login`}</strong> with their login code. Print their
        sign-in slips to hand out, or download the codes.
      </p>
      <SignInSlipsButtons api={api} companyId={companyId} userIds={learners.map((l) => l.user_id)} />
      {learners.length > 5 ? (
        <SearchInput
          label="Search these learners"
          placeholder="Name or login code"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      ) : null}
      <Table
        caption="Learners who sign in with a login code"
        columns={[
          { key: 'learner_name', header: 'Name', sortable: true, render: (l) => l.learner_name },
          {
            key: 'login_code',
            header: 'Login code',
            sortable: true,
            render: (l) => <code className="enrol-codes__code">{l.login_code}</code>,
          },
        ]}
        rows={shown.rows}
        rowKey={(l) => l.user_id}
        emptyText="No learner matches your search."
        sort={sort}
        onSortChange={(key) =>
          setSort((current) => ({
            key: key as CodeLearnerSort['key'],
            dir: current.key === key && current.dir === 'asc' ? 'desc' : 'asc',
          }))
        }
        stackOnMobile
      />
      {shown.lastPage > 1 ? <Pagination page={shown.page} lastPage={shown.lastPage} onPageChange={setPage} /> : null}
    </section>
  );
}
