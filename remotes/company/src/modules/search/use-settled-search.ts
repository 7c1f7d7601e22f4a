import { useEffect, useState } from 'react';
import { DEBOUNCE_MS, MIN_SEARCH_LENGTH } from '@portal/contracts';
import { useDebouncedValue } from '@portal/frontend-kit';

/**
 * An autocomplete's search: asked once typing pauses (the autocomplete's 300 ms) and from 2
 * characters. The answer is kept with the text it answers, so a stale answer is never shown; a
 * failed search answers with no matches. `search` should keep its identity while what it searches stays.
 */
export function useSettledSearch<Match>(text: string, search: (settled: string) => Promise<Match[]>) {
  const [answer, setAnswer] = useState<{ text: string; matches: Match[] }>({ text: '', matches: [] });
  const settled = useDebouncedValue(text.trim(), DEBOUNCE_MS.autocomplete);
  const isAnswered = settled.length >= MIN_SEARCH_LENGTH && answer.text === settled;

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

  return { matches: isAnswered ? answer.matches : [], isAnswered };
}
