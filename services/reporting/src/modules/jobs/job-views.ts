import type { AdminFailedJob, AdminJob, JobState } from '@portal/contracts';
import type { IFailedJob, IFinishedJob, IJob } from '@portal/service-kit';
import { readMaskedPayload } from './mask-payload';

/** running: a worker holds it; retrying: it failed before and waits for its next try; else queued. */
export function jobState(job: Pick<IJob, 'reservedAt' | 'attempts'>): JobState {
  if (job.reservedAt) return 'running';
  return job.attempts > 0 ? 'retrying' : 'queued';
}

const isFinished = (job: IJob | IFinishedJob): job is IFinishedJob => 'finishedAt' in job && job.finishedAt instanceof Date;

export function toAdminJob(job: IJob | IFinishedJob): AdminJob {
  const finished = isFinished(job);
  return {
    id: job.id,
    name: job.name,
    queue: job.queue,
    attempts: job.attempts,
    available_at: job.availableAt.toISOString(),
    state: finished ? 'finished' : jobState(job),
    reserved_by: finished ? null : (job.reservedBy ?? null),
    created_at: job.createdAt.toISOString(),
    finished_at: finished ? job.finishedAt.toISOString() : null,
  };
}

export function toAdminJobDetail(job: IJob | IFinishedJob) {
  const waiting = isFinished(job) ? null : job;
  return {
    ...toAdminJob(job),
    payload: readMaskedPayload(job.payload),
    last_error: waiting?.lastError ?? null,
    reserved_at: waiting?.reservedAt?.toISOString() ?? null,
  };
}

export function toAdminFailedJob(job: IFailedJob): AdminFailedJob {
  return { id: job.id, name: job.name, queue: job.queue, attempts: job.attempts, error: job.error, failed_at: job.failedAt.toISOString() };
}

export function toAdminFailedJobDetail(job: IFailedJob) {
  return {
    ...toAdminFailedJob(job),
    payload: readMaskedPayload(job.payload),
    stack: job.stack ?? null,
    created_at: job.createdAt?.toISOString() ?? null,
  };
}
