import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const REMINDER_KINDS = ['30d', '7d', '0d'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** An expiry reminder that went out (unique per enrolment and kind). */
export const SentReminder = defineEntity({
  name: 'SentReminder',
  tableName: 'sent_reminders',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    kind: p.string().length(8),
    sentAt: p.datetime().fieldName('sent_at'),
  }),
});
export type ISentReminder = InferEntity<typeof SentReminder>;
