import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { bridgingActivityQrCode, type ApiClient, type BridgingActivity } from '@portal/contracts';
import type { editCompanyCourseBodySchema } from '@portal/contracts/schemas';
import { Button } from '@portal/design-system';
import { saveDownload } from '@portal/frontend-kit/downloads';
import { BoundField } from '@portal/frontend-kit/forms';
import type { CodeLearner } from './activity-code-learner';

type EditValues = z.input<typeof editCompanyCourseBodySchema>;

interface BridgingActivityRowProps {
  api: ApiClient;
  form: UseFormReturn<EditValues, unknown, z.output<typeof editCompanyCourseBodySchema>>;
  /** The activity's place in the form's `activities`. */
  index: number;
  activity: BridgingActivity;
  /** The learner whose activity code pages are linked, once one is chosen. */
  codeLearner: CodeLearner | null;
}

/** One bridging activity of Edit course: its code and QR code, its code page for the chosen learner, Enabled and its description. */
export function BridgingActivityRow({ api, form, index, activity, codeLearner }: BridgingActivityRowProps) {
  return (
    <li className="bridging-activity" data-testid="bridging-activity">
      <div className="bridging-activity__header">
        <h3>{activity.name}</h3>
        <span className="bridging-activity__code">Code {activity.code}</span>
        <QrDownload api={api} activity={activity} />
      </div>
      {codeLearner ? (
        <a className="ds-link bridging-activity__code-page" href={`/activity-code/${codeLearner.enrollmentId}/${activity.activity_id}`}>
          Activity code page for {codeLearner.name}
          <span className="ds-visually-hidden">: {activity.name}</span>
        </a>
      ) : null}
      <label className="bridging-activity__enabled">
        <input type="checkbox" {...form.register(`activities.${index}.enabled`)} /> Enabled
      </label>
      <BoundField form={form} name={`activities.${index}.description`} id={`activity-${index}-description`} label="Description">
        {(control) => <textarea className="ds-input company-edit-course__textarea" rows={3} {...control} />}
      </BoundField>
    </li>
  );
}

/** Downloads the activity's QR code as an image; a failure is only logged (spec §8). */
function QrDownload({ api, activity }: { api: ApiClient; activity: BridgingActivity }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await api.raw(bridgingActivityQrCode, { params: { id: activity.id } });
      await saveDownload(response, `bridging-activity-${activity.id}-qr.png`);
    } catch (error) {
      console.error('QR code download failed', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={download}
      loading={busy}
      aria-label={`Download the QR code of ${activity.name}`}
    >
      Download QR code
    </Button>
  );
}
