import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ApiClient, Person } from '@portal/contracts';
import { personUpdate, personUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, Card, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
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
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof personUpdateBodySchema>>({
    resolver: zodResolver(personUpdateBodySchema),
    defaultValues: { name: person.name, email: person.email ?? '', company_id: person.company_id },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const answer = await api.call(personUpdate, { params: { companyId, userId: person.id }, body: values });
      form.reset({ name: answer.data.name, email: answer.data.email ?? '', company_id: answer.data.company_id });
      onSaved(answer.data, answer.message);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email', 'company_id']);
      if (message) setNotice(message);
    }
  });

  return (
    <Card title="Details">
      <form className="people-form" onSubmit={onSubmit} noValidate aria-label="Edit learner">
        {notice ? (
          <Notice tone="error" onDismiss={() => setNotice(null)}>
            {notice}
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
            <Button type="submit" loading={isSubmitting}>
              Save changes
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
