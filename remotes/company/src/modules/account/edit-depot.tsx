import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountDepotDelete, accountDepotMoveToParent, ApiError, type ApiClient } from '@portal/contracts';
import { accountDepotUpdate, accountDepotUpdateBodySchema } from '@portal/contracts/schemas';
import { Button, ButtonLink, Card, Modal, Notice } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { DepotDeletionPreview, useDepotMoveTarget } from './depot-deletion-preview';

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
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  // A depot that holds learners or enrolments can hand them to its parent instead (issue 12).
  const moveTarget = useDepotMoveTarget(api, depot.id, isConfirming);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: depot.name, email: depot.email ?? '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(accountDepotUpdate, { params: { id: depot.id }, body: values });
      onUpdated(response.message);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['name', 'email']);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  async function onDelete(moveToParent = false) {
    setDeleting(true);
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
    } finally {
      // Spec §4: the modal closes when the request finishes, whether it succeeded or failed.
      setDeleting(false);
      setConfirming(false);
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
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Notice>
        ) : null}
        <BoundField form={form} name="name" id="depot-name" label="Depot name" />
        <BoundField form={form} name="email" id="depot-email" label="Email" type="email" />
        <div className="account-actions">
          <Button type="submit" loading={isSubmitting}>
            Save depot
          </Button>
          <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
            Delete Depot
          </Button>
        </div>
      </form>
      <Modal
        open={isConfirming}
        title="Delete Depot"
        onClose={() => !isDeleting && setConfirming(false)}
        footer={
          <>
            {moveTarget ? (
              <Button variant="secondary" disabled={isDeleting} onClick={() => void onDelete(true)}>
                Move learners to {moveTarget}
              </Button>
            ) : null}
            <Button variant="danger" loading={isDeleting} onClick={() => void onDelete()}>
              Delete Depot
            </Button>
          </>
        }
      >
        <p>Are you sure you want to delete the {depot.name} depot? This action can not be undone.</p>
        {isConfirming ? <DepotDeletionPreview api={api} depotId={depot.id} /> : null}
      </Modal>
    </Card>
  );
}
