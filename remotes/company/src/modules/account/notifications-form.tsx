import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountNotifications, type ApiClient } from '@portal/contracts';
import { Button, Card } from '@portal/design-system';
import { applyServerErrors } from '@portal/frontend-kit';
import { AnswerNotice, type Answer } from '../forms/answer-notice';

type Settings = { send_certificate: boolean; send_report: boolean; send_expiry_report: boolean };

const OPTIONS: { key: keyof Settings; label: string; hint: string }[] = [
  { key: 'send_certificate', label: 'Email certificates', hint: 'Send a copy of each certificate when a learner passes.' },
  { key: 'send_report', label: 'Email progress reports', hint: 'A regular summary of your enrolments.' },
  { key: 'send_expiry_report', label: 'Email expiry reports', hint: 'A warning when certificates are about to expire.' },
];

/** POST /account/notifications. */
export function NotificationsForm({ api, settings }: { api: ApiClient; settings: Settings }) {
  const [notice, setNotice] = useState<Answer | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Settings>({ defaultValues: settings });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const response = await api.call(accountNotifications, { body: values });
      setNotice({ tone: 'success', text: response.message ?? 'Saved.' });
    } catch (error) {
      const message = applyServerErrors(error, setError, ['send_certificate', 'send_report', 'send_expiry_report']);
      setNotice({ tone: 'error', text: message ?? 'Please check the settings.' });
    }
  });

  return (
    <Card title="Email notifications">
      <form className="account-form" onSubmit={onSubmit} aria-label="Email notifications">
        <AnswerNotice answer={notice} onDismiss={() => setNotice(null)} />
        {OPTIONS.map((option) => (
          <label key={option.key} className="account-check">
            <input type="checkbox" {...register(option.key)} />
            <span>
              <strong>{option.label}</strong>
              <span className="account-muted">{option.hint}</span>
            </span>
          </label>
        ))}
        <div>
          <Button type="submit" loading={isSubmitting}>
            Save notification settings
          </Button>
        </div>
      </form>
    </Card>
  );
}
