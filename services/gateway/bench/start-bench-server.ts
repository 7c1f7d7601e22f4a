import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { BENCH_PORT } from '../src/env';

export interface BenchServer {
  /** The whole portal: API, shells and remotes. */
  baseUrl: string;
  /** A bare Hono app with one JSON route, the baseline of the API figures. */
  bareUrl: string;
  /** A manager's session token, made directly in the database. */
  sessionToken: string;
  database: string;
  stop: () => void;
}

export { BENCH_PORT };

/** Starts bench-server.ts in a child process on a fresh seeded database and waits for its first line. */
export async function startBenchServer(port = BENCH_PORT): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bench-server.ts'), String(port), String(port + 1)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  process.once('exit', stop);
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const info = JSON.parse(firstLine) as { gatewayPort: number; barePort: number; sessionToken: string; database: string };
    return {
      baseUrl: `http://127.0.0.1:${info.gatewayPort}`,
      bareUrl: `http://127.0.0.1:${info.barePort}`,
      sessionToken: info.sessionToken,
      database: info.database,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
