/**
 * How a learner's SCORM answers read (issue 20 item 5), shared by the answers view and the Bulk
 * export's Answers sheet. Zod-free: the frontends take it as it is.
 */

/** SCORM 2004's delimiters, as words: `a[,]b` is a list, `a[.]1` a pair (matching), `1[:]5` a range (numeric). */
const DELIMITERS: [RegExp, string][] = [
  [/\[,\]/g, ', '],
  [/\[\.\]/g, ' → '],
  [/\[:\]/g, ' to '],
];

/**
 * A response or correct pattern as a person reads it: 2004's leading `{lang=en}`,
 * `{case_matters=true}` and `{order_matters=false}` dropped and its delimiters written out;
 * 1.2's plain commas and dots are left as sent (they may be part of the answer).
 */
export function readableResponse(text: string | null | undefined): string {
  if (!text) return '';
  let out = text.replace(/^(\{(?:lang|case_matters|order_matters)=[^}]*\})+/, '');
  for (const [pattern, words] of DELIMITERS) out = out.replace(pattern, words);
  return out;
}

/** A result as a label: 1.2 says `wrong` where 2004 says `incorrect`; a numeric result stays a number. */
export function resultLabel(result: string | null | undefined): string {
  if (!result) return '';
  const known: Record<string, string> = {
    correct: 'Correct',
    incorrect: 'Incorrect',
    wrong: 'Incorrect',
    unanticipated: 'Unanticipated',
    neutral: 'Neutral',
  };
  return known[result] ?? result;
}

/** The tone of a result: correct, incorrect or neither. */
export function resultTone(result: string | null | undefined): 'correct' | 'incorrect' | 'other' {
  if (result === 'correct') return 'correct';
  if (result === 'incorrect' || result === 'wrong') return 'incorrect';
  return 'other';
}

/** Seconds as a short duration: `45 s`, `12 min 5 s`, `1 h 2 min`; empty for none. */
export function shortDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return s % 60 > 0 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** A date and time in en-GB (dd/mm/yyyy, hh:mm), in UTC as every date of the portal. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
