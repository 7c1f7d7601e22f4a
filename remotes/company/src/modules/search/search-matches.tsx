import type { ReactNode } from 'react';
import './search.css';

export interface SearchMatch {
  key: number;
  content: ReactNode;
  onChoose: () => void;
}

/** An autocomplete's matches, dropped under its input: a button a match. */
export function SearchMatches({ label, className, matches }: { label: string; className: string; matches: readonly SearchMatch[] }) {
  return (
    <ul className={`company-search-matches ${className}`} aria-label={label}>
      {matches.map((match) => (
        <li key={match.key}>
          <button type="button" onClick={match.onChoose}>
            {match.content}
          </button>
        </li>
      ))}
    </ul>
  );
}
