import { useEffect, useState } from 'react';
import { DEBOUNCE_MS, MIN_SEARCH_LENGTH } from '@portal/contracts';
import { Button } from '@portal/design-system';
import { useDebouncedValue } from '@portal/frontend-kit';

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
  // The answer is kept with the text it answers, so a stale answer is never shown.
  const [answer, setAnswer] = useState<{ text: string; matches: LearnerOption[] }>({ text: '', matches: [] });
  const settled = useDebouncedValue(text.trim(), DEBOUNCE_MS.autocomplete);
  const matches = settled.length >= MIN_SEARCH_LENGTH && answer.text === settled ? answer.matches : [];

  useEffect(() => {
    if (settled.length < MIN_SEARCH_LENGTH) return;
    let isCurrent = true;
    search(settled).then(
      (found) => isCurrent && setAnswer({ text: settled, matches: found }),
      () => isCurrent && setAnswer({ text: settled, matches: [] }),
    );
    return () => {
      isCurrent = false;
    };
  }, [settled, search]);

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
        <ul className="reporting-learner-filter__matches" aria-label="Matching learners">
          {matches.map((learner) => (
            <li key={learner.id}>
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onChoose(learner);
                }}
              >
                {learner.name}
                {learner.email ? <span className="reporting-muted"> {learner.email}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
