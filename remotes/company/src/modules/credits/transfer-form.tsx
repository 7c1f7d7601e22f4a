import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { creditTransfer, type ApiClient } from '@portal/contracts';
import { creditReasonField, creditTransferBodySchema } from '@portal/contracts/schemas';
import { Button, Card, Modal } from '@portal/design-system';
import { announceCreditBalanceChanged, applyServerErrors } from '@portal/frontend-kit';
import { BoundField } from '@portal/frontend-kit/forms';
import { AnswerNotice, type Answer } from '../forms/answer-notice';

// The reason is optional: a blank box sends none rather than a too-short one.
const schema = creditTransferBodySchema.extend({
  reason: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), creditReasonField.optional()),
});
type Values = z.input<typeof schema>;
type Transfer = z.output<typeof schema>;

/**
 * 'Transfer credits to a depot' (POST /api/company/{id}/credits/transfer): asks first, shows the
 * server's field errors under the fields, and tells the shell's header to fetch the balance again.
 */
export function TransferForm({
  api,
  companyId,
  depots,
  onTransferred,
}: {
  api: ApiClient;
  companyId: number;
  depots: { id: number; name: string }[];
  onTransferred: () => void;
}) {
  const [notice, setNotice] = useState<Answer | null>(null);
  const [pending, setPending] = useState<Transfer | null>(null);
  const [isSending, setSending] = useState(false);
  const form = useForm<Values, unknown, Transfer>({
    resolver: zodResolver(schema),
    defaultValues: { depot_id: '', amount: '', reason: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const depotName = (id: number | undefined) => depots.find((d) => d.id === id)?.name ?? 'the depot';

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    setPending(values);
  });
  async function send() {
    if (!pending) return;
    setSending(true);
    try {
      const response = await api.call(creditTransfer, { params: { companyId }, body: pending });
      setNotice({
        tone: 'success',
        text: `${response.message} ${depotName(pending.depot_id)} now has ${response.depot_balance.toLocaleString('en-GB')} credits; you have ${response.balance.toLocaleString('en-GB')}.`,
      });
      reset();
      announceCreditBalanceChanged();
      onTransferred();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['depot_id', 'amount', 'reason']);
      if (message) setNotice({ tone: 'error', text: message });
    } finally {
      setSending(false);
      setPending(null);
    }
  }

  return (
    <Card title="Transfer credits to a depot">
      <form className="transfer-form" onSubmit={onSubmit} noValidate aria-label="Transfer credits to a depot">
        <AnswerNotice answer={notice} onDismiss={() => setNotice(null)} />
        <BoundField form={form} name="depot_id" id="transfer-depot" label="Depot">
          {(control) => (
            <select className="ds-input" {...control}>
              <option value="">Choose a depot</option>
              {depots.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </BoundField>
        <BoundField form={form} name="amount" id="transfer-amount" label="Credits" type="number" min={1} step={1} inputMode="numeric" />
        <BoundField form={form} name="reason" id="transfer-reason" label="Reason" hint="Optional: shown in both credit histories." />
        <div className="transfer-form__actions">
          <Button type="submit">Transfer credits</Button>
        </div>
      </form>
      <TransferConfirmation
        pending={pending}
        depotName={depotName(pending?.depot_id)}
        isSending={isSending}
        onCancel={() => setPending(null)}
        onConfirm={() => void send()}
      />
    </Card>
  );
}

interface TransferConfirmationProps {
  pending: Transfer | null;
  depotName: string;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before the credits move; it cannot be closed while the transfer runs. */
function TransferConfirmation({ pending, depotName, isSending, onCancel, onConfirm }: TransferConfirmationProps) {
  return (
    <Modal
      open={pending !== null}
      title="Transfer credits"
      onClose={() => !isSending && onCancel()}
      footer={
        <>
          <Button variant="secondary" disabled={isSending} onClick={onCancel}>
            Cancel
          </Button>
          <Button loading={isSending} onClick={onConfirm}>
            Transfer
          </Button>
        </>
      }
    >
      {pending ? (
        <p>
          Move {pending.amount.toLocaleString('en-GB')} credit{pending.amount === 1 ? '' : 's'} from your balance to {depotName}? The depot
          can then spend them on its own enrolments.
        </p>
      ) : null}
    </Modal>
  );
}
