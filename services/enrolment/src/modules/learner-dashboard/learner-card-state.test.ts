import { describe, expect, it } from 'vitest';
import { LEARNER_CARD_STATES } from '@portal/contracts';
import { learnerCardState } from './learner-card-state';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

const NOW = new Date('2026-06-15T12:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms);
const after = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

const card = (status: EnrolmentStatus, expiresAt: Date | null = null) => learnerCardState({ status, expiresAt }, NOW);

describe('learnerCardState', () => {
  it('maps each enrolment status to its card', () => {
    expect(card('not_started')).toBe('not-started');
    expect(card('in_progress')).toBe('in-progress');
    expect(card('failed')).toBe('failed');
    expect(card('passed', after(365 * DAY))).toBe('passed');
  });

  it('keeps a passed course without an expiry date passed', () => {
    expect(card('passed', null)).toBe('passed');
  });

  it('shows a passed course whose certificate has run out as expired, from the very moment of expiry', () => {
    expect(card('passed', before(DAY))).toBe('expired');
    expect(card('passed', NOW)).toBe('expired');
    expect(card('passed', after(1))).toBe('passed');
  });

  it('never calls a course that was not passed expired, whatever its dates say', () => {
    for (const status of ['not_started', 'in_progress', 'failed'] as const) {
      expect(card(status, before(DAY))).not.toBe('expired');
    }
  });

  it('produces every state the contract knows, and only those', () => {
    const produced = new Set([card('not_started'), card('in_progress'), card('failed'), card('passed'), card('passed', before(DAY))]);
    expect([...produced].sort()).toEqual([...LEARNER_CARD_STATES].sort());
  });
});
