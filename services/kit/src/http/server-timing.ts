/**
 * The stages of one request as a Server-Timing header (SERVER_TIMING=true): each `end(stage)`
 * closes the stage that ran since the previous one. Durations in milliseconds, to the microsecond.
 */
export class StageTimer {
  private last = performance.now();
  private readonly stages: string[] = [];

  end(stage: string) {
    const now = performance.now();
    this.stages.push(`${stage};dur=${(now - this.last).toFixed(3)}`);
    this.last = now;
  }

  header(): string {
    return this.stages.join(', ');
  }
}

/** The stages of a Server-Timing header, by name (a repeated name adds up). */
export function parseServerTiming(header: string | null): Record<string, number> {
  const stages: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const [, name, duration] = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part) ?? [];
    if (name && duration) stages[name] = (stages[name] ?? 0) + Number(duration);
  }
  return stages;
}
