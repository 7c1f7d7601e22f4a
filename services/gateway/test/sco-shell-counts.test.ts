import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_SCRIPT, SEED_MARKER, SHELL_SCRIPT } from '../src/sco-shell';
import { fromRepoRoot } from '../src/paths';

/**
 * Issue 31 item 2, "every answer is kept": the SCO shell's API answers each collection's _count as
 * the runtime holds it now. The shell runs as the browser runs it: SHELL_SCRIPT in a window of its
 * own (a vm context) with the content origin's real CrossFrameAPI script; the page above it is a
 * real scorm-again runtime answering each message a task later, in order, as the player's
 * CrossFrameLMS does (sco-runtime.ts). The course calls the API each of its pages gets from the
 * bridge script (run in a window of its own under the shell's).
 */
type Version = '1.2' | '2004';
type Runtime = Record<string, (...args: string[]) => unknown> & {
  loadFromFlattenedJSON(cmi: Record<string, string>): void;
  getFlattenedCMI(): Record<string, unknown>;
};
type RuntimeClass = new (settings: Record<string, unknown>) => Runtime;
interface Message {
  messageId: string;
  method: string;
  params: string[];
  isHeartbeat?: boolean;
}

const PLAYER = 'http://portal.test';
const learnerRequire = createRequire(fromRepoRoot('remotes/learner/package.json'));
const CROSS_FRAME_API = readFileSync(learnerRequire.resolve('scorm-again/cross-frame-api/min'), 'utf8');
const scormAgain = (): Promise<{ Scorm12API: RuntimeClass; Scorm2004API: RuntimeClass }> =>
  import(pathToFileURL(join(dirname(learnerRequire.resolve('scorm-again')), 'esm/scorm-again.js')).href);

/** What the player's frameSeed gives the shell: the runtime's CMI as strings, with the top collections' _count (sco-runtime.ts). */
function seedCmi(runtime: Runtime): Record<string, string> {
  const cmi = Object.fromEntries(
    Object.entries(runtime.getFlattenedCMI()).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  for (const name of ['objectives', 'interactions'])
    cmi[`cmi.${name}._count`] = String(Object.keys(cmi).filter((key) => new RegExp(`^cmi\\.${name}\\.\\d+\\.id$`).test(key)).length);
  return cmi;
}

/** A shell over a runtime loaded with `launch` (the server's CMI); `api` is what every package page gets. */
async function openShell(version: Version, launch: Record<string, string> = {}) {
  const { Scorm12API, Scorm2004API } = await scormAgain();
  const runtime = new (version === '1.2' ? Scorm12API : Scorm2004API)({ logLevel: 5, autocommit: false });
  runtime.loadFromFlattenedJSON(launch);
  const listeners: ((event: unknown) => void)[] = [];
  const received: Message[] = [];
  /** Calls posted to the runtime and not yet answered. */
  let inFlight = 0;
  const parent = {
    postMessage(data: Message) {
      inFlight++;
      setTimeout(() => {
        if (!data.isHeartbeat) received.push(data);
        const result = data.isHeartbeat ? undefined : runtime[data.method]!(...data.params);
        const answer = { data: { messageId: data.messageId, result, isHeartbeat: data.isHeartbeat }, origin: PLAYER, source: parent };
        for (const listener of listeners) listener(answer);
        inFlight--;
      }, 0);
    },
  };
  const seed = { portalScorm: 2, version, parentOrigin: PLAYER, href: 'index.html', cmi: seedCmi(runtime) };
  const shell = createContext({
    location: { hash: `#${SEED_MARKER}${encodeURIComponent(JSON.stringify(seed))}`, pathname: '/c/token/__portal/sco.html', search: '' },
    history: { replaceState() {} },
    document: { body: { appendChild() {} }, createElement: () => ({ setAttribute() {}, addEventListener() {} }), addEventListener() {} },
    parent,
    addEventListener: (type: string, listener: (event: unknown) => void) => type === 'message' && listeners.push(listener),
    removeEventListener() {},
    setTimeout,
    clearTimeout,
    // CrossFrameAPI's heartbeat: not needed here.
    setInterval: () => 0,
    clearInterval() {},
    console,
  });
  shell.window = shell;
  runInContext(CROSS_FRAME_API, shell);
  runInContext(SHELL_SCRIPT, shell);
  const [get, set, init] = version === '1.2' ? ['LMSGetValue', 'LMSSetValue', 'LMSInitialize'] : ['GetValue', 'SetValue', 'Initialize'];
  return {
    runtime,
    received,
    /** A package page under the shell, with the API the bridge gives it: what the content reads (at once) and writes. */
    page() {
      const page = createContext({ parent: shell, close() {}, addEventListener() {} });
      page.window = page;
      runInContext(BRIDGE_SCRIPT, page);
      const api = page[version === '1.2' ? 'API' : 'API_1484_11'] as Record<string, (...args: string[]) => string>;
      return {
        get: (key: string) => api[get]!(key),
        set: (key: string, value: string) => api[set]!(key, value),
        init: () => api[init]!(''),
      };
    },
    /** What the runtime itself answers. */
    held: (key: string) => String(runtime[get]!(key)),
    /** Until every call so far and every answer to it has gone through. */
    settle: () => vi.waitFor(() => expect(inFlight).toBe(0)),
  };
}

type PageApi = ReturnType<Awaited<ReturnType<typeof openShell>>['page']>;

/** Records an answer as authoring tools' drivers do: each at the index its _count gives at that moment (e2e/fixtures/answer-counts/content/driver.js). */
function recordAnswer(page: PageApi, version: Version, id: string) {
  const count = (key: string) => Number(page.get(key));
  const n = count('cmi.interactions._count');
  const at = `cmi.interactions.${n}.`;
  page.set(`${at}id`, id);
  page.set(`${at}type`, 'choice');
  page.set(`${at}objectives.${count(`${at}objectives._count`)}.id`, `obj_${id}`);
  page.set(`${at}correct_responses.${count(`${at}correct_responses._count`)}.pattern`, 'a');
  page.set(`${at}${version === '1.2' ? 'student_response' : 'learner_response'}`, 'a');
  const objective = count('cmi.objectives._count');
  page.set(`cmi.objectives.${objective}.id`, `obj_${id}`);
  return { interaction: n, objective };
}

const ids = (runtime: Runtime, list: string) =>
  Object.entries(runtime.getFlattenedCMI())
    .filter(([key]) => new RegExp(`^${list.replace(/\./g, '\\.')}\\.\\d+\\.id$`).test(key))
    .map(([, value]) => value);

describe.each(['1.2', '2004'] as const)('the SCO shell’s _count on SCORM %s (issue 31 item 2)', (version) => {
  it('is what the runtime holds now, whether answers come in a burst or one by one, on every page of the package', async () => {
    // The 2004 launch seeds the manifest's objective (launch-course.ts): the quiz's own come after it.
    const shell = await openShell(version, version === '2004' ? { 'cmi.objectives.0.id': 'quiz_mastery' } : {});
    const seeded = version === '2004' ? 1 : 0;
    const first = shell.page();
    expect(first.get('cmi.objectives._count')).toBe(String(seeded));
    expect(first.init()).toBe('true');
    await shell.settle();

    // Three answers in one go on the first page, before any answer from the player comes back …
    const recorded = ['q1', 'q2', 'q3'].map((id) => recordAnswer(first, version, id));
    // … then, on the next page of the package (the session goes on), one at a time, as a learner answers.
    const next = shell.page();
    for (const id of ['q4', 'q5', 'q6']) {
      await shell.settle();
      recorded.push(recordAnswer(next, version, id));
    }
    expect(recorded).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ interaction: n, objective: seeded + n })));
    await shell.settle();
    expect(ids(shell.runtime, 'cmi.interactions')).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    expect(ids(shell.runtime, 'cmi.objectives')).toEqual([
      ...(seeded ? ['quiz_mastery'] : []),
      ...['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((id) => `obj_${id}`),
    ]);
    for (const key of [
      'cmi.interactions._count',
      'cmi.objectives._count',
      'cmi.interactions.5.objectives._count',
      'cmi.interactions.5.correct_responses._count',
    ])
      expect(next.get(key), key).toBe(shell.held(key));
    expect(next.get('cmi.interactions._count')).toBe('6');
  });

  it('does not count an index the runtime refuses to create', async () => {
    const shell = await openShell(version);
    const page = shell.page();
    // Before Initialize the runtime refuses every SetValue (CrossFrameAPI answers "true" all the same).
    page.set('cmi.interactions.0.id', 'too_early');
    await shell.settle();
    expect(page.get('cmi.interactions._count')).toBe('0');
    page.init();
    page.set('cmi.interactions.0.id', 'q1');
    page.set('cmi.interactions.0.type', 'true-false');
    // Out of order: scorm-again creates an index only at the end of its collection.
    page.set('cmi.interactions.5.id', 'skipped');
    page.set('cmi.objectives.3.id', 'skipped');
    page.set('cmi.interactions.0.correct_responses.2.pattern', 'true');
    expect(page.get('cmi.interactions._count')).toBe('1');
    expect(page.get('cmi.objectives._count')).toBe('0');
    expect(page.get('cmi.interactions.0.correct_responses._count')).toBe('0');
    page.set('cmi.interactions.0.correct_responses.0.pattern', 'true');
    // A true-false interaction has one correct response: scorm-again refuses a second on 2004 (keeps it on 1.2).
    page.set('cmi.interactions.0.correct_responses.1.pattern', 'false');
    await shell.settle();
    for (const key of ['cmi.interactions._count', 'cmi.objectives._count', 'cmi.interactions.0.correct_responses._count'])
      expect(page.get(key), key).toBe(shell.held(key));
    expect(page.get('cmi.interactions.0.correct_responses._count')).toBe(version === '1.2' ? '2' : '1');
    expect(ids(shell.runtime, 'cmi.interactions')).toEqual(['q1']);
  });

  it('starts from the counts of a resumed attempt’s CMI, and leaves every other value as CrossFrameAPI answers it', async () => {
    const shell = await openShell(version, {
      'cmi.objectives.0.id': 'part_1',
      [`cmi.objectives.0.${version === '1.2' ? 'status' : 'success_status'}`]: 'passed',
      'cmi.objectives.1.id': 'part_2',
      'cmi.suspend_data': 'resumed',
    });
    const page = shell.page();
    expect(page.get('cmi.objectives._count')).toBe('2');
    page.init();
    expect(page.get('cmi.objectives._count')).toBe('2');
    page.set('cmi.objectives.2.id', 'part_3');
    expect(page.get('cmi.objectives._count')).toBe('3');
    expect(page.get('cmi.objectives.1.id')).toBe('part_2');
    expect(page.get('cmi.suspend_data')).toBe('resumed');
    page.set('cmi.suspend_data', 'part 3');
    expect(page.get('cmi.suspend_data')).toBe('part 3');
    await shell.settle();
    expect(page.get('cmi.objectives._count')).toBe(shell.held('cmi.objectives._count'));
    expect(ids(shell.runtime, 'cmi.objectives')).toEqual(['part_1', 'part_2', 'part_3']);
    // Every call still reached the runtime, the counts' GetValues too.
    expect(shell.received.filter((m) => m.method.endsWith('GetValue')).map((m) => m.params[0])).toContain('cmi.objectives._count');
  });
});
