import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { creditTransfer, type ApiClient } from '@portal/contracts';
import { creditReasonField, creditTransferBodySchema } from '@portal/contracts/schemas';
import { Button, Card, FormField, Modal, Notice, TextInput } from '@portal/design-system';
import { announceCreditBalanceChanged, applyServerErrors } from '@portal/frontend-kit';

// The reason is optional: a blank box sends none rather than a too-short one.
const schema = creditTransferBodySchema.extend({ reason: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), creditReasonField.optional()) });
type Values = z.input<typeof schema>;
type Transfer = z.output<typeof schema>;

/**
 * 'Transfer credits to a depot' (POST /api/company/{id}/credits/transfer): asks first, shows the
 * server's field errors under the fields, and tells the shell's header to fetch the balance again.
 */
export function TransferForm({ api, companyId, depots, onTransferred }: {
  api: ApiClient;
  companyId: number;
  depots: { id: number; name: string }[];
  onTransferred: () => void;
}) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState<Transfer | null>(null);
  const [isSending, setSending] = useState(false);
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<Values, unknown, Transfer>({
    resolver: zodResolver(schema),
    defaultValues: { depot_id: '', amount: '', reason: '' },
  });
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
      setNotice({ tone: 'success', text: `${response.message} ${depotName(pending.depot_id)} now has ${response.depot_balance.toLocaleString('en-GB')} credits; you have ${response.balance.toLocaleString('en-GB')}.` });
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
        {notice ? (
          <Notice tone={notice.tone} onDismiss={() => setNotice(null)} {...(notice.tone === 'success' ? { autoHideMs: 5000 } : {})}>
            {notice.text}
          </Notice>
        ) : null}
        <FormField label="Depot" htmlFor="transfer-depot" error={errors.depot_id?.message}>
          <select id="transfer-depot" className="ds-input" {...register('depot_id')}>
            <option value="">Choose a depot</option>
            {depots.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Credits" htmlFor="transfer-amount" error={errors.amount?.message}>
          <TextInput id="transfer-amount" type="number" min={1} step={1} inputMode="numeric" invalid={Boolean(errors.amount)} {...register('amount')} />
        </FormField>
        <FormField label="Reason" htmlFor="transfer-reason" error={errors.reason?.message} hint="Optional: shown in both credit histories.">
          <TextInput id="transfer-reason" invalid={Boolean(errors.reason)} {...register('reason')} />
        </FormField>
        <div className="transfer-form__actions">
          <Button type="submit">Transfer credits</Button>
        </div>
      </form>
      <Modal
        open={pending !== null}
        title="Transfer credits"
        onClose={() => !isSending && setPending(null)}
        footer={
          <>
            <Button variant="secondary" disabled={isSending} onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button loading={isSending} onClick={() => void send()}>
              Transfer
            </Button>
          </>
        }
      >
        {pending ? (
          <p>
            Move {pending.amount.toLocaleString('en-GB')} credit{pending.amount === 1 ? '' : 's'} from your balance to {depotName(pending.depot_id)}? The depot can then spend them on its own enrolments.
          </p>
        ) : null}
      </Modal>
    </Card>
  );
}
