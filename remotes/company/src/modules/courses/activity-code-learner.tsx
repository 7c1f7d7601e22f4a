import { useCallback, useState } from 'react';
import { reportingEnrolments, REPORTING_STATUS_LABELS, type ApiClient, type RouteInput } from '@portal/contracts';
import { Button } from '@portal/design-system';
import { SearchMatches } from '../search/search-matches';
import { useSettledSearch } from '../search/use-settled-search';

/** A learner's enrolment on the course: whose activity code pages the bridging activities link to. */
export interface CodeLearner {
  enrolmentId: number;
  name: string;
}

type Query = NonNullable<RouteInput<typeof reportingEnrolments>['query']>;

/**
 * Finds a learner enrolled on this course (name, email or login code, from 2 characters, the
 * autocomplete's pause), through the company's enrolments list, so each bridging activity can link
 * to that learner's activity code page (/activity-code/{enrolmentId}/{activityId}).
 */
export function ActivityCodeLearner({
  api,
  courseId,
  chosen,
  onChoose,
}: {
  api: ApiClient;
  courseId: number;
  chosen: CodeLearner | null;
  onChoose: (learner: CodeLearner | null) => void;
}) {
  const [text, setText] = useState('');
  const search = useCallback(
    async (settled: string): Promise<(CodeLearner & { detail: string })[]> => {
      const query = { search: settled, courses: String(courseId), per_page: 10 } as Query;
      const data = await api.call(reportingEnrolments, { query });
      return data.results.data.map((row) => ({
        enrolmentId: row.id,
        name: row.learner_name,
        detail: [row.email ?? row.login_code, REPORTING_STATUS_LABELS[row.status]].filter(Boolean).join(' · '),
      }));
    },
    [api, courseId],
  );
  const { matches, isAnswered } = useSettledSearch(text, search);

  if (chosen) {
    return (
      <div className="activity-code-learner activity-code-learner--chosen">
        <span>
          Activity code pages for <strong data-testid="activity-code-learner">{chosen.name}</strong>
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChoose(null)}>
          Another learner
        </Button>
      </div>
    );
  }
  return (
    <div className="activity-code-learner">
      <label htmlFor="activity-code-learner-search" className="ds-field__label">
        Activity code pages: find a learner on this course
      </label>
      <input
        id="activity-code-learner-search"
        className="ds-input"
        type="search"
        placeholder="Name, email or login code"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      {matches.length > 0 ? (
        <SearchMatches
          label="Learners on this course"
          className="activity-code-learner__matches"
          matches={matches.map((match) => ({
            key: match.enrolmentId,
            content: (
              <>
                {match.name} <span className="activity-code-learner__detail">{match.detail}</span>
              </>
            ),
            onChoose: () => onChoose({ enrolmentId: match.enrolmentId, name: match.name }),
          }))}
        />
      ) : isAnswered ? (
        <p className="activity-code-learner__none">No learner on this course matches.</p>
      ) : null}
    </div>
  );
}
