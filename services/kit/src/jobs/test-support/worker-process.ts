import { z } from 'zod';
import { configureLogger } from '../../logger';
import { loadEnv } from '../../env';
import { createOrm } from '../../db';
import { jobsSchema } from '../jobs.migration';
import { defineJob } from '../job-definition';
import { createWorker, workerSettings } from '../worker';

/**
 * A worker process for the queue's process tests (worker.process.test.ts): the database and the
 * worker settings come from the environment like the gateway's `npm run worker`. Its jobs record
 * each run in `job_runs`; `test.hang` never finishes its first try, so the test can kill it.
 */
configureLogger({ quiet: true });
const env = loadEnv();
const orm = await createOrm({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, schemas: [jobsSchema] });

const recordRun = (key: string, worker: string, attempt: number) =>
  orm.em.fork().execute('INSERT INTO job_runs (job_key, worker, attempt) VALUES (?, ?, ?)', [key, worker, attempt]);

const worker = createWorker({
  orm,
  now: () => new Date(),
  ...workerSettings(env),
  definitions: [
    defineJob({
      name: 'test.count',
      payload: z.object({ key: z.string() }),
      handle: async ({ key }, run) => {
        await recordRun(key, worker.id, run.attempt);
      },
    }),
    defineJob({
      name: 'test.hang',
      payload: z.object({ key: z.string() }),
      handle: async ({ key }, run) => {
        await recordRun(key, worker.id, run.attempt);
        // The first try stays "running" until the process is killed.
        if (run.attempt === 1) await new Promise(() => undefined);
      },
    }),
  ],
});
worker.start();
process.stdout.write(`ready ${worker.id}\n`);

process.on('SIGTERM', () => {
  void worker.stop().then(async () => {
    await orm.close(true);
    process.exit(0);
  });
});
