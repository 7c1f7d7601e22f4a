/**
 * Reads a SCORM time span into whole seconds, leniently: content sends the 1.2 form
 * (`HHHH:MM:SS.SS`, also `H:MM:SS`, `MM:SS`), the 2004 ISO 8601 form (`PT1H2M3.5S`, `P1DT2H`),
 * plain seconds, or broken mixes of them. Anything unreadable is null, never an error.
 */
export function parseScormDuration(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toUpperCase();
  if (!text) return null;

  if (text.startsWith('P') || (/^T?\d/.test(text) && /[HMSD]$/.test(text))) {
    // Without its P (and T), a bare '1M30S' means minutes, as a learner would read it.
    const normalised = text.startsWith('P') ? text : text.startsWith('T') || text.includes('D') ? `P${text}` : `PT${text}`;
    const iso =
      /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T?(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/.exec(
        normalised,
      );
    if (!iso || iso.slice(1).every((part) => part === undefined)) return null;
    const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = iso
      .slice(1)
      .map((part) => (part ? Number(part.replace(',', '.')) : 0));
    const total = years * 365 * 86400 + months * 30 * 86400 + weeks * 7 * 86400 + days * 86400 + hours * 3600 + minutes * 60 + seconds;
    return Number.isFinite(total) ? Math.round(total) : null;
  }

  if (text.includes(':')) {
    const parts = text.split(':').map((part) => part.trim().replace(',', '.'));
    if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return null;
    const numbers = parts.map(Number);
    while (numbers.length < 3) numbers.unshift(0);
    const [hours, minutes, seconds] = numbers as [number, number, number];
    return Math.round(hours * 3600 + minutes * 60 + seconds);
  }

  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text));
  return null;
}
