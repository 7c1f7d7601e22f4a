import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApiError } from '@portal/contracts';
import { Button, Modal, Notice } from '@portal/design-system';
import { BoundField } from '@portal/frontend-kit/forms';
import { emailFieldMessages, recipientsSummary, splitEmailList } from './email-list';

// Only that something was typed is checked here; each address is the server's to judge (spec §5).
const formSchema = z.object({ email: z.string().trim().min(1, 'Enter at least one email address.') });
type Values = z.infer<typeof formSchema>;

/** The form's state: the server's field errors go under the box, any other failure above it; `sent` is the server's answer. */
function useEmailCertificateForm(send: (email: string) => Promise<string>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });
  const { control, handleSubmit, setError } = form;
  const addresses = splitEmailList(useWatch({ control, name: 'email' }));

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const list = splitEmailList(values.email);
    try {
      setSent(await send(list.join(',')));
    } catch (error) {
      const messages = error instanceof ApiError ? emailFieldMessages(error.fieldErrors, list) : [];
      if (messages.length) setError('email', { type: 'server', message: messages.join(' ') });
      else
        setFailure(
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'The certificate could not be sent. Please try again in a moment.',
        );
    }
  });
  return { form, addresses, failure, dismissFailure: () => setFailure(null), sent, onSubmit };
}

function EmailCertificateFooter({ sent, isSubmitting, onClose }: { sent: boolean; isSubmitting: boolean; onClose: () => void }) {
  if (sent)
    return (
      <Button type="button" onClick={onClose}>
        Done
      </Button>
    );
  return (
    <>
      <Button type="button" variant="secondary" disabled={isSubmitting} onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form="email-certificate-form" loading={isSubmitting}>
        Send certificate
      </Button>
    </>
  );
}

/**
 * Email a certificate (spec §5): one or more addresses separated by commas; the server's field
 * errors appear under the box. `send` makes the call and answers the server's message.
 */
export function EmailCertificate({
  courseName,
  onClose,
  send,
}: {
  courseName: string;
  onClose: () => void;
  send: (email: string) => Promise<string>;
}) {
  const { form, addresses, failure, dismissFailure, sent, onSubmit } = useEmailCertificateForm(send);
  const { isSubmitting } = form.formState;

  return (
    <Modal
      open
      title="Email certificate"
      onClose={() => !isSubmitting && onClose()}
      footer={<EmailCertificateFooter sent={Boolean(sent)} isSubmitting={isSubmitting} onClose={onClose} />}
    >
      {sent ? (
        <Notice tone="success">{sent}</Notice>
      ) : (
        <form id="email-certificate-form" className="certificate-email-form" onSubmit={onSubmit} noValidate aria-label="Email certificate">
          <p>
            Send your <strong>{courseName}</strong> certificate as a PDF attachment.
          </p>
          {failure ? (
            <Notice tone="error" onDismiss={dismissFailure}>
              {failure}
            </Notice>
          ) : null}
          <BoundField
            form={form}
            name="email"
            id="certificate-email"
            label="Email addresses"
            hint="Separate several addresses with commas."
            type="text"
            inputMode="email"
            autoComplete="email"
          />
          <p className="certificate-email-form__summary" data-testid="email-recipients">
            {recipientsSummary(addresses)}
          </p>
        </form>
      )}
    </Modal>
  );
}
