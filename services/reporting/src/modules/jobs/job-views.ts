import type { AdminFailedJob, AdminJob, JobState } from '@portal/contracts';
import type { IFailedJob, IJob } from '@portal/service-kit';
import { readMaskedPayload } from './mask-payload';

/** running: a worker holds it; retrying: it failed before and waits for its next try; else queued. */
export function jobState(job: Pick<IJob, 'reservedAt' | 'attempts'>): JobState {
  if (job.reservedAt) return 'running';
  return job.attempts > 0 ? 'retrying' : 'queued';
}

export function toAdminJob(job: IJob): AdminJob {
  return {
    id: job.id,
    name: job.name,
    queue: job.queue,
    attempts: job.attempts,
    available_at: job.availableAt.toISOString(),
    state: jobState(job),
    reserved_by: job.reservedBy ?? null,
    created_at: job.createdAt.toISOString(),
  };
}

export function toAdminJobDetail(job: IJob) {
  return { ...toAdminJob(job), payload: readMaskedPayload(job.payload), last_error: job.lastError ?? null, reserved_at: job.reservedAt?.toISOString() ?? null };
}

export function toAdminFailedJob(job: IFailedJob): AdminFailedJob {
  return { id: job.id, name: job.name, queue: job.queue, attempts: job.attempts, error: job.error, failed_at: job.failedAt.toISOString() };
}

export function toAdminFailedJobDetail(job: IFailedJob) {
  return { ...toAdminFailedJob(job), payload: readMaskedPayload(job.payload), stack: job.stack ?? null, created_at: job.createdAt?.toISOString() ?? null };
}
