import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountDepotDelete, accountDepotDeletionPreview, accountDepotMoveToParent, ApiError, type ApiClient } from '@portal/contracts';
import { accountDepotUpdate, accountDepotUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, ButtonLink, Card, EmptyState, Notice } from '@portal/design-system';
import { DepotDeletion } from '@portal/frontend-kit/depots';
import { useServerSubmit } from '@portal/frontend-kit/form-card';
import { BoundField } from '@portal/frontend-kit/forms';

const schema = accountDepotUpdateBodySchema;
type Values = z.input<typeof schema>;

/** Edit depot (POST /account/depot/{id}) and the delete-depot modal of spec §2. */
export function EditDepot({
  api,
  depot,
  onUpdated,
  onDeleted,
}: {
  api: ApiClient;
  depot: { id: number; name: string; email: string | null };
  onUpdated: (message: string) => void;
  onDeleted: (message: string) => void;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: depot.name, email: depot.email ?? '' },
  });
  const { notice, setNotice, dismissNotice, onSubmit } = useServerSubmit(form, {
    fields: ['name', 'email'],
    send: async (values) => {
      const response = await api.call(accountDepotUpdate, { params: { id: depot.id }, body: values });
      onUpdated(response.message);
    },
  });

  async function onDelete(moveToParent: boolean) {
    try {
      const response = moveToParent
        ? await api.call(accountDepotMoveToParent, { params: { id: depot.id } })
        : await api.call(accountDepotDelete, { params: { id: depot.id } });
      onDeleted(response.message ?? 'Depot deleted successfully!');
    } catch (error) {
      setNotice({
        tone: 'error',
        text: error instanceof ApiError && error.status < 500 ? error.message : 'An error occurred while deleting the depot.',
      });
    }
  }

  return (
    <Card
      title={`Edit depot: ${depot.name}`}
      actions={
        <ButtonLink href="/account" variant="ghost" size="sm">
          Back to account
        </ButtonLink>
      }
    >
      <form className="account-form" onSubmit={onSubmit} noValidate aria-label="Edit depot">
        {notice ? (
          <Notice tone={notice.tone} onDismiss={dismissNotice}>
            {notice.text}
          </Notice>
        ) : null}
        <BoundField form={form} name="name" id="depot-name" label="Depot name" />
        <BoundField form={form} name="email" id="depot-email" label="Email" type="email" />
        <div className="account-actions">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save depot
          </Button>
          <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
            Delete Depot
          </Button>
        </div>
      </form>
      {/* A depot that holds learners or enrolments can hand them to its parent first (issue 12). */}
      <DepotDeletion
        depot={isConfirming ? depot : null}
        loadPreview={(id) => api.call(accountDepotDeletionPreview, { params: { id } })}
        onDelete={onDelete}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

type EditDepotProps = Parameters<typeof EditDepot>[0];

/** /account/depot/{id}: the depot's form, or that there is no such depot of the company. */
export function DepotEditor({ depot, ...props }: Omit<EditDepotProps, 'depot'> & { depot: EditDepotProps['depot'] | undefined }) {
  if (!depot) {
    return (
      <EmptyState
        title="That depot was not found."
        action={
          <a className="ds-link" href="/account">
            Back to account
          </a>
        }
      />
    );
  }
  return <EditDepot key={depot.id} depot={depot} {...props} />;
}
