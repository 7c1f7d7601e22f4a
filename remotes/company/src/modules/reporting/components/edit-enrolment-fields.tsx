import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { enrolmentForEdit, RouteOutput } from '@portal/contracts';
import type { editEnrolmentBodySchema } from '@portal/contracts/schemas';
import { Button, ButtonLink } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';

type Values = z.input<typeof editEnrolmentBodySchema>;
export type EditedEnrolment = RouteOutput<typeof enrolmentForEdit>['data'];

interface EditEnrolmentFieldsProps {
  form: UseFormReturn<Values, unknown, z.output<typeof editEnrolmentBodySchema>>;
  enrolment: EditedEnrolment;
  isSubmitting: boolean;
}

/** The learner's name, email and (with more than one) depot; all disabled once the course is started. */
export function EditEnrolmentFields({ form, enrolment, isSubmitting }: EditEnrolmentFieldsProps) {
  return (
    <fieldset disabled={!enrolment.editable} className="edit-enrolment__form">
      <BoundField form={form} name="name" id="enrolment-name" label="Name" autoComplete="off" />
      <BoundField
        form={form}
        name="email"
        id="enrolment-email"
        label="Email (optional)"
        hint="Without an email the learner signs in with their login code."
        type="email"
        autoComplete="off"
      />
      {enrolment.depots.length > 1 ? (
        <BoundField form={form} name="depot" id="enrolment-depot" label="Depot" registerOptions={{ valueAsNumber: true }}>
          {(control) => (
            <select className="ds-input" {...control}>
              {enrolment.depots.map((depot) => (
                <option key={depot.id} value={depot.id}>
                  {depot.name}
                </option>
              ))}
            </select>
          )}
        </BoundField>
      ) : null}
      <div className="edit-enrolment__buttons">
        <Button type="submit" loading={isSubmitting}>
          Save changes
        </Button>
        <ButtonLink href="/reporting" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </fieldset>
  );
}
