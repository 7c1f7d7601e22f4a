import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { BENCH_PORT } from './env';

/** What bench-server.ts checked before serving: each bare route against its route. */
export interface BareCheck {
  path: string;
  status: number;
  /** The bare route answers the same JSON as the route. */
  sameBody: boolean;
  /** ...running the same statements (the route's session lookup aside). */
  sameSql: boolean;
  statements: number;
  routeSql?: string[];
  bareSql?: string[];
}

/** One request's stages, in process and one at a time (bench-server.ts `timeStages`), in microseconds. */
export interface StageFigure {
  path: string;
  samples: number;
  /** Median of each Server-Timing stage of the route, `middleware` (the gateway's share) and `total`. */
  routeMicros: Record<string, number>;
  /** Median of the bare route's whole request. */
  bareMicros: number;
  /** CPU time of the process per request, route and bare (the machine's other load stretches wall time, not this). */
  routeCpuMicros: number;
  bareCpuMicros: number;
}

/** A learner of the SCORM part (bench/scorm.ts), made in the bench server's database. */
export interface ScormLearner {
  userId: number;
  enrolmentId: number;
  /** Their session token. */
  token: string;
}

/** One commit through the gateway and one through its bare twin, compared (bench-server.ts `compareCommit`). */
export interface ScormCheckRequest {
  routeUrl: string;
  routeToken: string;
  bareUrl: string;
  body: string;
}

/** Commits timed one at a time in process (bench-server.ts `timeCommits`). */
export interface ScormTimeRequest {
  routeUrl: string;
  routeToken: string;
  bareUrl: string;
  firstSeq: number;
  count: number;
}
/** Steady commits profiled in process (bench-server.ts `profileCommits`), route and twin each on learners of their own. */
export interface ScormProfileRequest {
  /** Learners who have committed once (`firstSeq` - 1): `count` commits each, the first `warmUp` of them not profiled. */
  route: { url: string; token: string }[];
  twin: { url: string }[];
  firstSeq: number;
  count: number;
  warmUp: number;
  /** Where the two V8 CPU profiles go: `${file}-route.cpuprofile`, `${file}-twin.cpuprofile`. */
  file: string;
}
export interface ScormProfileFigure {
  commits: number;
  /** CPU of the process per profiled commit, the profiler's own cost included. */
  route: { file: string; cpuMicros: number };
  twin: { file: string; cpuMicros: number };
}
export interface ScormTiming {
  count: number;
  route: { wallMicros: number; cpuMicros: number };
  twin: { wallMicros: number; cpuMicros: number };
}

export interface BenchServer {
  /** The whole portal: API, shells and remotes. */
  baseUrl: string;
  /** The bare Hono app: the measured routes with their SQL through the raw driver (bare-routes.ts), and /bare. */
  bareUrl: string;
  /** A manager's session token (the demo manager), made directly in the database. */
  sessionToken: string;
  managerToken: string;
  /** The demo learner's. */
  learnerToken: string;
  database: string;
  checks: BareCheck[];
  stages: StageFigure[];
  /** Starts a CPU profile of the server process; `stopProfile` writes it to `file`. */
  startProfile: () => Promise<void>;
  stopProfile: (file: string) => Promise<void>;
  /** Makes SCORM learners with sessions and enrolments (bench/scorm.ts). */
  scormLearners: (count: number) => Promise<ScormLearner[]>;
  scormCheck: (request: ScormCheckRequest) => Promise<BareCheck>;
  scormTime: (request: ScormTimeRequest) => Promise<ScormTiming>;
  scormProfile: (request: ScormProfileRequest) => Promise<ScormProfileFigure>;
  /** Per attempt: SCORM log rows, distinct commit numbers, the highest number. */
  scormLogs: (attemptIds: number[]) => Promise<{ attemptId: number; entries: number; numbers: number; last: number }[]>;
  /** Ends the server and waits until it has removed its database. */
  stop: () => Promise<void>;
}

export { BENCH_PORT };

/**
 * Starts bench-server.ts in a child process on a fresh seeded database (SQLite, or a throwaway
 * database on `databaseUrl`'s or DATABASE_URL's MySQL server) and waits for its first line.
 * `forApi`: the bare twins are checked and the stages timed first (`checks`, `stages`; empty otherwise).
 */
export async function startBenchServer(port = BENCH_PORT, options: { databaseUrl?: string; forApi?: boolean } = {}): Promise<BenchServer> {
  const args = [
    join(import.meta.dirname, 'bench-server.ts'),
    String(port),
    String(port + 1),
    ...(options.databaseUrl ? [options.databaseUrl] : []),
    ...(options.forApi ? ['--api'] : []),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const killNow = () => void (child.exitCode === null && child.kill('SIGTERM'));
  process.once('exit', killNow);
  const ask = (message: object, answer: string) =>
    new Promise<void>((resolve) => {
      const listener = (reply: { profiled?: string }) => {
        if (reply.profiled !== answer) return;
        child.off('message', listener);
        resolve();
      };
      child.on('message', listener);
      child.send(message);
    });
  const request = <T>(message: object, key: string) =>
    new Promise<T>((resolve) => {
      const listener = (reply: Record<string, unknown>) => {
        if (!(key in reply)) return;
        child.off('message', listener);
        resolve(reply[key] as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const info = JSON.parse(firstLine) as {
      gatewayPort: number;
      barePort: number;
      managerToken: string;
      learnerToken: string;
      database: string;
      checks: BareCheck[];
      stages: StageFigure[];
    };
    return {
      baseUrl: `http://127.0.0.1:${info.gatewayPort}`,
      bareUrl: `http://127.0.0.1:${info.barePort}`,
      sessionToken: info.managerToken,
      managerToken: info.managerToken,
      learnerToken: info.learnerToken,
      database: info.database,
      checks: info.checks,
      stages: info.stages,
      startProfile: () => ask({ profile: 'start' }, 'start'),
      stopProfile: (file) => ask({ profile: 'stop', file }, 'stop'),
      scormLearners: (count) => request({ scormLearners: count }, 'scormLearners'),
      scormCheck: (check) => request({ scormCheck: check }, 'scormCheck'),
      scormTime: (timing) => request({ scormTime: timing }, 'scormTime'),
      scormProfile: (profile) => request({ scormProfile: profile }, 'scormProfile'),
      scormLogs: (attemptIds) => request({ scormLogs: attemptIds }, 'scormLogs'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
