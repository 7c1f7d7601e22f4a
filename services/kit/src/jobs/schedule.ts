/**
 * When a recurring task is due, in UTC. `latestOccurrence` is the newest moment at or before
 * `now` that the schedule names; `nextOccurrence` the first one after it.
 */
export type Schedule =
  /** Every `minutes` minutes, counted from midnight UTC (a divisor of 60 lands on the hour). */
  | { every: 'minutes'; minutes: number }
  | { every: 'hour'; minute?: number }
  | { every: 'day'; hour?: number; minute?: number }
  /** `weekday` 0 is Sunday, 1 Monday … 6 Saturday. */
  | { every: 'week'; weekday: number; hour?: number; minute?: number }
  /** `day` 1–28, so every month has it. */
  | { every: 'month'; day?: number; hour?: number; minute?: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function latestOccurrence(schedule: Schedule, now: Date): Date {
  const t = now.getTime();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const minute = 'minute' in schedule ? (schedule.minute ?? 0) : 0;
  const hour = 'hour' in schedule ? (schedule.hour ?? 0) : 0;
  switch (schedule.every) {
    case 'minutes': {
      const step = schedule.minutes * MINUTE;
      const midnight = Date.UTC(y, m, d);
      return new Date(midnight + Math.floor((t - midnight) / step) * step);
    }
    case 'hour': {
      const at = Date.UTC(y, m, d, now.getUTCHours(), minute);
      return new Date(at > t ? at - HOUR : at);
    }
    case 'day': {
      const at = Date.UTC(y, m, d, hour, minute);
      return new Date(at > t ? at - DAY : at);
    }
    case 'week': {
      const back = (now.getUTCDay() - schedule.weekday + 7) % 7;
      const at = Date.UTC(y, m, d - back, hour, minute);
      return new Date(at > t ? at - 7 * DAY : at);
    }
    case 'month': {
      const day = schedule.day ?? 1;
      const at = Date.UTC(y, m, day, hour, minute);
      return new Date(at > t ? Date.UTC(y, m - 1, day, hour, minute) : at);
    }
  }
}

export function nextOccurrence(schedule: Schedule, now: Date): Date {
  const latest = latestOccurrence(schedule, now);
  switch (schedule.every) {
    case 'minutes': {
      // The count restarts at midnight, where a step that does not divide a day is cut short.
      const next = latest.getTime() + schedule.minutes * MINUTE;
      const midnight = Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth(), latest.getUTCDate() + 1);
      return new Date(Math.min(next, midnight));
    }
    case 'hour':
      return new Date(latest.getTime() + HOUR);
    case 'day':
      return new Date(latest.getTime() + DAY);
    case 'week':
      return new Date(latest.getTime() + 7 * DAY);
    case 'month':
      return new Date(
        Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth() + 1, latest.getUTCDate(), latest.getUTCHours(), latest.getUTCMinutes()),
      );
  }
}

/** In words, for the Cron Jobs tab. */
export function describeSchedule(schedule: Schedule): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time =
    'hour' in schedule || 'minute' in schedule
      ? `${pad('hour' in schedule ? (schedule.hour ?? 0) : 0)}:${pad(schedule.minute ?? 0)} UTC`
      : '';
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  switch (schedule.every) {
    case 'minutes':
      return `Every ${schedule.minutes} minutes`;
    case 'hour':
      return `Every hour at minute ${schedule.minute ?? 0}`;
    case 'day':
      return `Daily at ${time || '00:00 UTC'}`;
    case 'week':
      return `Weekly on ${days[schedule.weekday]} at ${time || '00:00 UTC'}`;
    case 'month':
      return `Monthly on day ${schedule.day ?? 1} at ${time || '00:00 UTC'}`;
  }
}
