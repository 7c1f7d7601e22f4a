/** en-GB date and time in UTC, as the Cron Jobs tab shows instants: 23/11/2026, 19:05:02 UTC. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toLocaleString('en-GB', { timeZone: 'UTC', hour12: false })} UTC`;
}
