import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ApiClient, Person } from '@portal/contracts';
import { personUpdate, personUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, Notice } from '@portal/design-system';
import { useServerSubmit } from '@portal/frontend-kit/form-card';
import { BoundField } from '@portal/frontend-kit/forms';

type Values = z.input<typeof personUpdateBodySchema>;

export interface PersonDetailsFormProps {
  api: ApiClient;
  companyId: number;
  person: Person;
  companies: { id: number; name: string }[];
  onSaved: (person: Person, message: string) => void;
}

/** Name, email and depot; the server's errors show under their fields. */
export function PersonDetailsForm({ api, companyId, person, companies, onSaved }: PersonDetailsFormProps) {
  const form = useForm<Values, unknown, z.output<typeof personUpdateBodySchema>>({
    resolver: zodResolver(personUpdateBodySchema),
    defaultValues: { name: person.name, email: person.email ?? '', company_id: person.company_id },
  });
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: ['name', 'email', 'company_id'],
    send: async (values) => {
      const answer = await api.call(personUpdate, { params: { companyId, userId: person.id }, body: values });
      form.reset({ name: answer.data.name, email: answer.data.email ?? '', company_id: answer.data.company_id });
      onSaved(answer.data, answer.message);
    },
  });

  return (
    <Card title="Details">
      <form className="people-form" onSubmit={onSubmit} noValidate aria-label="Edit learner">
        {notice ? (
          <Notice tone="error" onDismiss={dismissNotice}>
            {notice.text}
          </Notice>
        ) : null}
        <fieldset className="people-form" disabled={person.anonymised}>
          <BoundField form={form} name="name" id="person-name" label="Name" autoComplete="off" />
          <BoundField
            form={form}
            name="email"
            id="person-email"
            label="Email (optional)"
            hint="Without an email the learner signs in with their login code."
            type="email"
            autoComplete="off"
          />
          {companies.length > 1 ? (
            <BoundField
              form={form}
              name="company_id"
              id="person-depot"
              label="Depot"
              hint="Their enrolments stay with the company or depot that paid for them."
              registerOptions={{ valueAsNumber: true }}
            >
              {(control) => (
                <select className="ds-input" {...control}>
                  {companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </BoundField>
          ) : null}
          <div className="people-actions">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save changes
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
