import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { bridgingActivityQrCode, type ApiClient, type BridgingActivity } from '@portal/contracts';
import type { editCompanyCourseBodySchema } from '@portal/contracts/schemas';
import { Button, Card } from '@portal/design-system';
import { saveDownload } from '@portal/frontend-kit/downloads';
import { BoundField } from '@portal/frontend-kit/forms';
import { ActivityCodeLearner, type CodeLearner } from './activity-code-learner';

type EditValues = z.input<typeof editCompanyCourseBodySchema>;

type EditCourseForm = UseFormReturn<EditValues, unknown, z.output<typeof editCompanyCourseBodySchema>>;

interface BridgingActivitiesCardProps {
  api: ApiClient;
  courseId: number;
  form: EditCourseForm;
  /** The course's activities, in the order of the form's `activities`. */
  activities: readonly BridgingActivity[];
}

/** Edit course's bridging activities, with the learner whose activity code pages they link to. */
export function BridgingActivitiesCard({ api, courseId, form, activities }: BridgingActivitiesCardProps) {
  const rows = useFieldArray({ control: form.control, name: 'activities' });
  const [codeLearner, setCodeLearner] = useState<CodeLearner | null>(null);
  return (
    <Card title="Bridging activities">
      {rows.fields.length === 0 ? (
        <p className="company-edit-course__empty">This course has no bridging activities.</p>
      ) : (
        <ActivityCodeLearner api={api} courseId={courseId} chosen={codeLearner} onChoose={setCodeLearner} />
      )}
      <ul className="bridging-activities">
        {rows.fields.map((field, index) => {
          const activity = activities[index];
          if (!activity) throw new Error(`Bridging-activity row ${index} has no activity: the rows are made from the activities.`);
          return <BridgingActivityRow key={field.id} api={api} form={form} index={index} activity={activity} codeLearner={codeLearner} />;
        })}
      </ul>
    </Card>
  );
}

interface BridgingActivityRowProps {
  api: ApiClient;
  form: EditCourseForm;
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
        <a className="ds-link bridging-activity__code-page" href={`/activity-code/${codeLearner.enrolmentId}/${activity.activity_id}`}>
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
