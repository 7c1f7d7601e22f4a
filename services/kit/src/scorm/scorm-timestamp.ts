/**
 * A SCORM 2004 timestamp (`2026-06-15T10:05:00`, with or without seconds' fractions and a zone)
 * as epoch ms; one that names no zone is read as UTC. A 1.2 `time` (a time of day alone) and
 * anything unreadable is null: it has no date.
 */
export function parseScormTimestamp(value: string | null | undefined): number | null {
  const text = value?.trim();
  if (!text || !/^\d{4}-\d{2}-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?)?([zZ]|[+-]\d{2}(:?\d{2})?)?$/.test(text)) return null;
  const zoned = /[zZ]|[+-]\d{2}(:?\d{2})?$/.test(text.slice(10)) ? text : `${text}${text.length > 10 ? 'Z' : 'T00:00:00Z'}`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}
