import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeEnrolment, type EnrolmentTestWorld } from '../testing';
import { ScormAttempt, ScormInteraction, ScormObjective } from '../modules/player/scorm.entity';
import { seedDemoAnswers } from './demo-answers';

let world: EnrolmentTestWorld;
let platform: TestPlatform;
beforeAll(async () => {
  world = await createEnrolmentTestWorld({ now: () => new Date('2026-06-15T12:00:00Z') });
  platform = world.platform;
});
afterAll(() => world.close());

describe('seedDemoAnswers', () => {
  it('gives passed and failed demo enrolments the attempts that decided them, with objectives and answers, and leaves the others alone', async () => {
    const em = platform.orm.em.fork();
    const courses = { manualHandling: 1, fireSafety: 2 };
    const passedAt = new Date('2026-05-16T10:00:00Z');
    const passed = await makeEnrolment(em, { userId: 3, courseId: 1, companyId: 2, status: 'passed', score: 90, passedAt });
    const failed = await makeEnrolment(em, { userId: 4, courseId: 1, companyId: 2, status: 'failed', score: 40, startedAt: passedAt });
    const fire = await makeEnrolment(em, { userId: 4, courseId: 2, companyId: 2, status: 'passed', score: 85, passedAt });
    const started = await makeEnrolment(em, { userId: 3, courseId: 2, companyId: 2, status: 'in_progress' });
    await seedDemoAnswers(em, [passed, failed, fire, started], courses);

    const fork = platform.orm.em.fork();
    const count = async (enrolmentId: number) => [
      await fork.count(ScormAttempt, { enrolmentId }),
      await fork.count(ScormObjective, { enrolmentId }),
      await fork.count(ScormInteraction, { enrolmentId }),
    ];
    expect(await count(passed.id)).toEqual([1, 1, 5]);
    expect(await count(failed.id)).toEqual([2, 1, 6]);
    expect(await count(fire.id)).toEqual([1, 2, 4]);
    expect(await count(started.id)).toEqual([0, 0, 0]);
    const [attempt] = await fork.find(ScormAttempt, { enrolmentId: passed.id });
    expect(attempt!.finishedAt).toEqual(passedAt);
    const answers = await fork.find(ScormInteraction, { enrolmentId: fire.id }, { orderBy: { position: 'asc' } });
    expect(answers.map((a) => a.result)).toEqual(['correct', 'correct', 'correct', '0.4']);
    expect(answers[0]!.description).toBe('Which three things make up the fire triangle?');
  });
});
