import { Agent, request } from 'node:http';
import { XSRF_HEADER } from '@portal/contracts';
import { xsrfTokenFor } from '@portal/service-kit';
import { sessionCookies } from './bare-routes';
import type { ScormLearner } from './start-bench-server';

// The SCORM part's client: learners launched and their commits sent over HTTP, as the player sends them.

export interface Launched extends ScormLearner {
  attemptId: number;
  commitPath: string;
  seq: number;
}

// Idle sockets are closed before the server's keep-alive timeout (5 s) would close them under a new request.
const agent = new Agent({ keepAlive: true, maxSockets: 2048, timeout: 4000 });

function post(base: string, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** 4 KB of suspend data that changes with each commit (the page it was saved on). */
const SUSPEND_FILLER = 'x'.repeat(4096);
export const suspendDataOf = (seq: number) => `{"page":${seq},"state":"${SUSPEND_FILLER}"}`.slice(0, 4096);

/** A SCORM 2004 commit as scorm-again sends it: the page, statuses, score, times, 4 objectives and 10 interactions. */
export function commitBody(seq: number): string {
  const objectives = Object.fromEntries(
    Array.from({ length: 4 }, (_, i) => [
      String(i),
      {
        id: `objective-${i}`,
        success_status: 'unknown',
        completion_status: 'incomplete',
        score: { raw: String(10 * i), min: '0', max: '100', scaled: String(i / 10) },
        progress_measure: '0.5',
      },
    ]),
  );
  const interactions = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      String(i),
      {
        id: `question-${i}`,
        type: 'choice',
        learner_response: `answer-${(seq + i) % 4}`,
        result: i % 3 === 0 ? 'incorrect' : 'correct',
        latency: 'PT12S',
        timestamp: '2026-11-26T10:00:00',
      },
    ]),
  );
  return JSON.stringify({
    seq,
    cmi: {
      location: `page-${seq}`,
      completion_status: 'incomplete',
      success_status: 'unknown',
      progress_measure: '0.5',
      score: { raw: '50', min: '0', max: '100', scaled: '0.5' },
      session_time: `PT${2 * seq}S`,
      exit: 'suspend',
      suspend_data: suspendDataOf(seq),
      objectives,
      interactions,
    },
  });
}

/** A commit the client could not send or whose answer it did not get: counted under its error code. */
export const clientError = (error: NodeJS.ErrnoException) => error.code ?? error.message;

export function commitOnce(base: string, learner: Launched, seq: number, twin: boolean): Promise<number | string> {
  return post(base, learner.commitPath, twin ? {} : { cookie: sessionCookies(learner.token) }, commitBody(seq)).then((r) => r.status);
}
interface LaunchAnswer {
  attempt_id: number;
  scos: { identifier: string; commit_url: string; cmi: Record<string, string> }[];
}

export async function launch(base: string, learner: ScormLearner, tries = 3): Promise<LaunchAnswer> {
  // A reused keep-alive socket the server closed meanwhile: the launch was not made, so it is sent again.
  const answer = await post(
    base,
    `/api/learn/${learner.enrolmentId}/launch`,
    { cookie: sessionCookies(learner.token), [XSRF_HEADER]: xsrfTokenFor(learner.token) },
    '{}',
  ).catch((error: NodeJS.ErrnoException) => {
    if (tries > 1 && error.code === 'ECONNRESET') return null;
    throw error;
  });
  if (answer === null) return launch(base, learner, tries - 1);
  return launchAnswer(learner, answer);
}

function launchAnswer(learner: ScormLearner, answer: { status: number; body: string }): LaunchAnswer {
  if (answer.status !== 200)
    throw new Error(`launch of enrolment ${learner.enrolmentId} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as LaunchAnswer;
}

export async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}
