import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@portal/gateway';
import { timeByArea, type CpuProfile, type Layers, type Steps } from './profile-summary';
import { commitOnce, inBatches, launch, type Launched } from './scorm-client';
import type { BenchServer } from './start-bench-server';

// BENCH_PROFILE's part of the SCORM bench: where a steady commit's CPU goes, route and twin.

export interface CommitProfile {
  commits: number;
  /** Load average (1 min) when the profiles were taken. */
  load: number;
  route: ProfiledSide;
  twin: ProfiledSide;
}
interface ProfiledSide {
  file: string;
  /** CPU per commit while profiled (the profiler's own cost included). */
  cpuMicros: number;
  busyMicros: number;
  /** Shares of the sampled time: by area (steps own what they call), and by layer alone. */
  areas: { area: string; share: number }[];
  layers: { area: string; share: number }[];
}

const PROFILE_LEARNERS = 20;
const PROFILE_COMMITS = 50;
const PROFILE_WARM_UP = 5;

/** A commit's steps, each owning what it calls (the outermost on a stack decides): profile-summary.ts `timeByArea`. */
export const COMMIT_STEPS: Steps = [
  ['session lookup', /^resolvePrincipal$/],
  ['launch-token hash and compare', /^(hashToken|safeEqual)$/],
  ['attempt limit (verdict, row, prune; its read is the launch read)', /^(checkAttemptLimit|attemptLimitOf|recordAttemptRow)$/],
  ['catalogue port (package)', /^(getCoursePackage|coursePackage)$/],
];
/** The rest by the package or file of the code running (groups of profile-summary.ts `groupOf`). */
export const COMMIT_LAYERS: Layers = [
  [
    'statements: driver (libsql / mysql2, socket writes)',
    /^(libsql|@libsql\/.*|mysql2|sql-escaper|lru\.min|denque|node:net|node:stream_base_commons)$/,
  ],
  ['statements: prepared statements and rows (kit db)', /^services\/kit\/db\//],
  ['statements: knex (bindings placed, transaction)', /^(knex|tarn)$/],
  ['MikroORM (transactional, fork, context, flush)', /^(@mikro-orm\/.*|dataloader|lodash)$/],
  ['AsyncLocalStorage (node:async_hooks promise hooks)', /^node:async_hooks$/],
  [
    'route binding, body read and validation (kit http, contracts, zod, hono)',
    /^(zod|hono|@hono\/node-server|services\/kit\/http\/.*|@portal\/contracts)$/,
  ],
  ["the commit's own work (store-commit, scorm-status, scorm-records)", /^services\/enrolment\//],
  ["the twin's own handler (bare-scorm-commit.ts, bare-database.ts)", /^bench\/bare-(scorm-commit|database)\.ts$/],
  ['the bench building each body (client side, in process)', /^bench\/scorm-client\.ts$/],
  ['Request / Response objects (undici, web streams)', /^node:(deps|webstreams|buffer|encoding|url|worker|abort_controller)$/],
  ['crypto outside the steps above', /^node:crypto$/],
  ['microtasks, events, timers (node)', /^node:/],
  ['gateway and kit (other)', /^services\//],
];

/**
 * BENCH_PROFILE: steady commits profiled in process (no HTTP), PROFILE_LEARNERS learners each way
 * (not the loads' learners), each after one commit over HTTP so none is an attempt's first, none
 * passing; PROFILE_COMMITS a learner within the attempt limit. The learners join `launched` so the
 * final check covers them too.
 */
export async function profileCommits(server: BenchServer, launched: Launched[], log: (line: string) => void): Promise<CommitProfile> {
  const made = await server.scormLearners(2 * PROFILE_LEARNERS);
  const learners: Launched[] = await inBatches(made, 20, async (learner) => {
    const answer = await launch(server.baseUrl, learner);
    return { ...learner, attemptId: answer.attempt_id, commitPath: answer.scos[0]!.commit_url, seq: 0 };
  });
  for (const learner of learners)
    if ((await commitOnce(server.baseUrl, learner, ++learner.seq, false)) !== 200) throw new Error('the first commit failed');
  const folder = join(REPO_ROOT, 'bench-results', 'profiles');
  mkdirSync(folder, { recursive: true });
  const name = `scorm-commit-${server.database.startsWith('SQLite') ? 'sqlite' : 'mysql'}`;
  const load = loadavg()[0]!;
  const route = learners.slice(0, PROFILE_LEARNERS);
  const twin = learners.slice(PROFILE_LEARNERS);
  const figure = await server.scormProfile({
    route: route.map((l) => ({ url: l.commitPath, token: l.token })),
    twin: twin.map((l) => ({ url: l.commitPath })),
    firstSeq: 2,
    count: PROFILE_COMMITS,
    warmUp: PROFILE_WARM_UP,
    file: join(folder, name),
  });
  for (const learner of learners) learner.seq = 1 + PROFILE_COMMITS;
  launched.push(...learners);
  const side = (profiled: { file: string; cpuMicros: number }): ProfiledSide => {
    const summary = timeByArea(JSON.parse(readFileSync(profiled.file, 'utf8')) as CpuProfile, COMMIT_STEPS, COMMIT_LAYERS);
    const shares = (list: { area: string; share: number }[]) => list.map((a) => ({ area: a.area, share: Number(a.share.toFixed(3)) }));
    return {
      file: profiled.file,
      cpuMicros: profiled.cpuMicros,
      busyMicros: summary.busyMicros,
      areas: shares(summary.areas),
      layers: shares(summary.layers),
    };
  };
  const profile = { commits: figure.commits, load: Number(load.toFixed(2)), route: side(figure.route), twin: side(figure.twin) };
  log(
    `  profiled ${profile.commits} steady commits each way (load ${profile.load}): route CPU ${profile.route.cpuMicros} µs a commit, twin ${profile.twin.cpuMicros} µs (${name}-*.cpuprofile)`,
  );
  for (const [label, p] of [
    ['route', profile.route],
    ['twin', profile.twin],
  ] as const) {
    log(`  ${label} by area: ${p.areas.map((a) => `${a.area} ${(a.share * 100).toFixed(1)}%`).join('; ')}`);
    log(`  ${label} by layer: ${p.layers.map((a) => `${a.area} ${(a.share * 100).toFixed(1)}%`).join('; ')}`);
  }
  return profile;
}
