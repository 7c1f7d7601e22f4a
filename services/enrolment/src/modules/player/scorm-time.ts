// The parser is shared with reporting (an interaction's latency): it lives in the kit.
export { parseScormDuration } from '@portal/service-kit';

/** Seconds as a SCORM 1.2 CMITimespan (`HHHH:MM:SS.SS`). */
export function toScorm12Time(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.min(9999, Math.floor(seconds / 3600));
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}.00`;
}

/** Seconds as a SCORM 2004 ISO 8601 duration (`PT1H2M3S`). */
export function toScorm2004Time(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return `PT${hours}H${minutes}M${rest}S`;
}
