import type { CataloguePort, JobQueue, Orm } from '@portal/service-kit';
import { contentAttempt } from './scorm.repository';
import { CommitNumberTaken, storeCommit } from './store-commit';

/**
 * A SCO's last word (issue 31 item 1): when the learner closes the tab, the player's page goes at
 * the same moment as the course's, and what the content says in its unload handlers (its status,
 * time and finish) never reaches the player's runtime. The content origin's SCO shell sends it then
 * by beacon to its own origin, which checks the attempt's token and hands it here: stored as the
 * attempt's newest final commit of that SCO, numbered after what the SCO sent before (store-commit
 * `seq: 'next'`), for the attempt's own learner. Same limits and refusals as any commit.
 */
const LAST_WORD_TRIES = 3;

export async function storeLastWord(
  deps: { orm: Orm; catalogue: CataloguePort; jobs: JobQueue },
  input: { attemptId: number; sco: string; cmi: Record<string, unknown> },
  now: Date,
): Promise<{ applied: boolean }> {
  const attempt = await contentAttempt(deps.orm, input.attemptId);
  if (!attempt) return { applied: false };
  for (let tries = 1; ; tries++) {
    try {
      const outcome = await storeCommit({
        db: { orm: deps.orm, em: () => deps.orm.em.fork() },
        catalogue: deps.catalogue,
        deps: { jobs: deps.jobs },
        principal: { userId: attempt.userId },
        input: {
          attemptId: input.attemptId,
          sco: input.sco,
          token: { grantedByContentOrigin: true },
          isFinal: true,
          seq: 'next',
          cmi: input.cmi,
        },
        now,
      });
      return { applied: outcome.applied };
    } catch (error) {
      // The player's own final of the same moment took the number: the next one is after it.
      if (!(error instanceof CommitNumberTaken) || tries >= LAST_WORD_TRIES) throw error;
    }
  }
}
