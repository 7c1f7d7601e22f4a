import { useState } from 'react';
import { Button } from '@portal/design-system';
import { SearchMatches } from '../../search/search-matches';
import { useSettledSearch } from '../../search/use-settled-search';

export interface LearnerOption {
  id: number;
  name: string;
  email?: string | null;
}

export interface LearnerFilterProps {
  id: string;
  /** The learner of the `user` filter, once the page data names them. */
  chosen: LearnerOption | null;
  /** Set while the address names a learner the data has not named yet. */
  chosenId: number | null;
  search: (text: string) => Promise<LearnerOption[]>;
  onChoose: (learner: LearnerOption | null) => void;
}

/**
 * The learner filter: a company may have 100,000 learners, so it searches (name or email, from 2
 * characters, the autocomplete's 300 ms pause) instead of listing them all.
 */
export function LearnerFilter({ id, chosen, chosenId, search, onChoose }: LearnerFilterProps) {
  const [text, setText] = useState('');
  const { matches } = useSettledSearch(text, search);

  if (chosenId !== null) {
    return (
      <div className="reporting-learner-filter__chosen">
        <span id={id}>{chosen?.name ?? 'Chosen learner'}</span>
        <Button variant="ghost" size="sm" onClick={() => onChoose(null)}>
          Any learner<span className="ds-visually-hidden"> (clear the learner filter)</span>
        </Button>
      </div>
    );
  }
  return (
    <div className="reporting-learner-filter">
      <input
        id={id}
        className="ds-input"
        type="search"
        placeholder="Name or email"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
      {matches.length > 0 ? (
        <SearchMatches
          label="Matching learners"
          className="reporting-learner-filter__matches"
          matches={matches.map((learner) => ({
            key: learner.id,
            content: (
              <>
                {learner.name}
                {learner.email ? <span className="reporting-muted"> {learner.email}</span> : null}
              </>
            ),
            onChoose: () => {
              setText('');
              onChoose(learner);
            },
          }))}
        />
      ) : null}
    </div>
  );
}
