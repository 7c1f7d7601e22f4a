import { useState, type FormEvent } from 'react';
import {
  ApiError,
  SITE_SETTING_KEYS,
  SITE_SETTING_LABELS,
  siteSettingsGet,
  siteSettingsUpdate,
  type ApiClient,
  type SiteSettingKey,
  type SiteSettings,
} from '@portal/contracts';
import { Button, FormField, Notice, Spinner, TextInput } from '@portal/design-system';
import { LoadError, useApiQuery } from '@portal/frontend-kit';

const INPUT_TYPES: Partial<Record<SiteSettingKey, string>> = {
  help_email: 'email',
  shop_url: 'url',
  credit_purchase_url: 'url',
  help_url: 'url',
  privacy_url: 'url',
  terms_url: 'url',
};
const HINTS: Partial<Record<SiteSettingKey, string>> = {
  help_email: 'Shown in the footer, on the sign-in page and on error pages.',
  credit_purchase_url: 'The credits links in the header and the mobile menu.',
  rating_text: 'The rating strip under the header, e.g. 4.7 Ratings.',
  support_contact: 'Shown in the footer beside the help email.',
};

/** The Site tab: the platform settings the menu, header and footer show (saved for every page). */
export function SitePanel({ api }: { api: ApiClient }) {
  const settings = useApiQuery('site-settings', () => api.call(siteSettingsGet).then((r) => r.data));
  return (
    <div className="admin-panel" data-testid="site-panel">
      <h2 className="admin-panel__title">Site settings</h2>
      <p className="admin-muted">What every page shows in its menu, header and footer. Pages pick up a change when they next load.</p>
      {settings.status === 'error' ? <LoadError error={settings.error} onRetry={settings.reload} what="the site settings" /> : null}
      {settings.status === 'loading' ? <Spinner label="Loading…" /> : null}
      {settings.status === 'success' ? <SiteForm api={api} initial={settings.data} /> : null}
    </div>
  );
}

function SiteForm({ api, initial }: { api: ApiClient; initial: SiteSettings }) {
  const [values, setValues] = useState<SiteSettings>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const response = await api.call(siteSettingsUpdate, { body: values });
      setValues(response.data);
      setNotice({ tone: 'success', text: response.message });
    } catch (error) {
      // Field errors show under their fields; anything else in the notice.
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0)
        setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {notice ? (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)} {...(notice.tone === 'success' ? { autoHideMs: 5000 } : {})}>
          {notice.text}
        </Notice>
      ) : null}
      <form className="admin-site-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        {SITE_SETTING_KEYS.map((key) => (
          <FormField
            key={key}
            label={SITE_SETTING_LABELS[key]}
            htmlFor={`site-${key}`}
            {...(errors[key] ? { error: errors[key] } : {})}
            {...(HINTS[key] ? { hint: HINTS[key] } : {})}
          >
            <TextInput
              id={`site-${key}`}
              name={key}
              type={INPUT_TYPES[key] ?? 'text'}
              value={values[key]}
              invalid={Boolean(errors[key])}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          </FormField>
        ))}
        <div>
          <Button type="submit" loading={isSaving}>
            Save settings
          </Button>
        </div>
      </form>
    </>
  );
}
