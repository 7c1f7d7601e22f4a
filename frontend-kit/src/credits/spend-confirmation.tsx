import { companyEnrolQuote, type ApiClient, type EnrolQuote } from '@portal/contracts';
import { Button, Modal, Notice } from '@portal/design-system';
import { useApiQuery } from '../data/use-api-query';
import { credits } from './quote-text';
import { QuoteDetails } from './quote-details';
import './spend-confirmation.css';

/** What is about to be enrolled: companyEnrol's request, priced first by companyEnrolQuote. */
export interface SpendRequest {
  companyId: number;
  body: { courses: number[]; users: number[]; enrollment_id?: number };
}

export interface SpendConfirmationProps {
  api: ApiClient;
  request: SpendRequest;
  title: string;
  /** The confirm button's words, e.g. "Re-enrol". The credits are added: "Re-enrol (2 credits)". */
  action: string;
  /** True while the spend runs: both buttons are disabled, so a second click spends nothing. */
  isConfirming: boolean;
  creditPurchaseUrl: string;
  onConfirm: (quote: EnrolQuote) => void;
  onCancel: () => void;
  /** What a refused quote says (each remote words its errors its own way). */
  errorText: (error: unknown) => string;
  /** Name the paying company on every balance (the admin's view: "Acme Ltd's balance after"). */
  namesPayer?: boolean;
}

function NoCredit({ creditPurchaseUrl }: { creditPurchaseUrl: string }) {
  return (
    <Notice tone="error">
      You don&apos;t have enough credit for this.{' '}
      <a href={creditPurchaseUrl} target="_blank" rel="noopener noreferrer">
        Order credit here.
      </a>
    </Notice>
  );
}

/**
 * Every action that spends credits asks here first (issue 32 item 3: the company's Re-enrol and
 * older Enroll page, the admin's enrol): who is enrolled on what, the
 * credits it takes, whose balance pays and what is left after. Cancel spends nothing; Confirm is
 * disabled while it runs.
 */
export function SpendConfirmation({
  api,
  request,
  title,
  action,
  isConfirming,
  creditPurchaseUrl,
  onConfirm,
  onCancel,
  errorText,
  namesPayer = false,
}: SpendConfirmationProps) {
  const quote = useApiQuery(`enrol-quote:${request.companyId}:${JSON.stringify(request.body)}`, () =>
    api.call(companyEnrolQuote, { params: { companyId: request.companyId }, body: request.body }).then((answer) => answer.data),
  );
  const ready = quote.status === 'success' ? quote.data : null;
  const canConfirm = ready !== null && ready.is_enough && ready.enrolments.length > 0;
  return (
    <Modal
      open
      title={title}
      onClose={() => (isConfirming ? undefined : onCancel())}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isConfirming}>
            Cancel
          </Button>
          <Button
            data-testid="spend-confirm"
            onClick={() => (ready && !isConfirming ? onConfirm(ready) : undefined)}
            disabled={!canConfirm}
            loading={isConfirming}
          >
            {ready ? `${action} (${credits(ready.credits)})` : action}
          </Button>
        </>
      }
    >
      <div className="spend-confirmation" data-testid="spend-confirmation">
        {quote.status === 'loading' ? <p role="status">Working out the cost…</p> : null}
        {quote.status === 'error' ? <Notice tone="error">{errorText(quote.error)}</Notice> : null}
        {ready ? <QuoteDetails quote={ready} namesOwn={namesPayer} /> : null}
        {ready && !ready.is_enough ? <NoCredit creditPurchaseUrl={creditPurchaseUrl} /> : null}
        {ready && ready.enrolments.length === 0 ? (
          <Notice tone="info">Everyone chosen is already enrolled: nothing would be spent.</Notice>
        ) : null}
      </div>
    </Modal>
  );
}
