import { z } from 'zod';
import { defineRoute } from '../route';
import { CREDIT_PURCHASE_URL, HELP_EMAIL, HELP_URL, PRIVACY_URL, RATING_TEXT, SHOP_URL, SUPPORT_CONTACT, TERMS_URL } from '../constants';

/** The Site tab (issue 12 item 6): platform settings the menu, header and footer show. */

export const siteSettingsSchema = z.object({
  help_email: z.string(),
  shop_url: z.string(),
  credit_purchase_url: z.string(),
  help_url: z.string(),
  privacy_url: z.string(),
  terms_url: z.string(),
  rating_text: z.string(),
  reviews_text: z.string(),
  support_contact: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;

/** Today's constants are the defaults: a setting never saved reads as these. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  help_email: HELP_EMAIL,
  shop_url: SHOP_URL,
  credit_purchase_url: CREDIT_PURCHASE_URL,
  help_url: HELP_URL,
  privacy_url: PRIVACY_URL,
  terms_url: TERMS_URL,
  rating_text: RATING_TEXT.rating,
  reviews_text: RATING_TEXT.reviews,
  support_contact: SUPPORT_CONTACT,
};
export const SITE_SETTING_KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as SiteSettingKey[];

export const SITE_SETTING_LABELS: Record<SiteSettingKey, string> = {
  help_email: 'Help email',
  shop_url: 'Shop address',
  credit_purchase_url: 'Credit purchase address',
  help_url: 'Help page address',
  privacy_url: 'Privacy policy address',
  terms_url: 'Terms and conditions address',
  rating_text: 'Rating strip: rating text',
  reviews_text: 'Rating strip: reviews text',
  support_contact: 'Support contact',
};

export const SITE_SETTINGS_MESSAGES = { saved: 'Site settings saved!' } as const;

const webAddress = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(500, `The ${label} may not be longer than 500 characters.`)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, `The ${label} must be a web address starting with https:// or http://.`);

const shortText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} may not be longer than ${max} characters.`);

export const siteSettingsBodySchema = z.strictObject({
  help_email: z
    .string({ error: 'Enter the help email.' })
    .trim()
    .min(1, 'Enter the help email.')
    .max(191, 'The help email may not be longer than 191 characters.')
    .pipe(z.email('Enter a valid email address.'))
    .transform((v) => v.toLowerCase()),
  shop_url: webAddress('shop address'),
  credit_purchase_url: webAddress('credit purchase address'),
  help_url: webAddress('help page address'),
  privacy_url: webAddress('privacy policy address'),
  terms_url: webAddress('terms and conditions address'),
  rating_text: shortText('rating text', 64),
  reviews_text: shortText('reviews text', 64),
  support_contact: shortText('support contact', 191),
});

export const siteSettingsGet = defineRoute({
  name: 'admin.settings.get',
  method: 'GET',
  path: '/api/admin/settings',
  service: 'identity',
  access: ['admin'],
  summary: 'The Site tab: the platform settings (defaults where never saved).',
  response: z.object({ data: siteSettingsSchema }),
});

export const siteSettingsUpdate = defineRoute({
  name: 'admin.settings.update',
  method: 'PUT',
  path: '/api/admin/settings',
  service: 'identity',
  access: ['admin'],
  summary: 'Saves the platform settings; the menu, header and footer read them from the shell response.',
  body: siteSettingsBodySchema,
  response: z.object({ success: z.literal(true), message: z.string(), data: siteSettingsSchema }),
});

/**
 * What anyone may read, signed in or not: the public shell's sign-in page and footer (help,
 * privacy, terms, support). The shop and credit addresses and the rating strip are for signed-in
 * pages, which get every setting from `GET /api/shell`.
 */
export const publicSiteSettingsSchema = siteSettingsSchema.pick({
  help_email: true,
  help_url: true,
  privacy_url: true,
  terms_url: true,
  support_contact: true,
});
export type PublicSiteSettings = z.infer<typeof publicSiteSettingsSchema>;

export const publicSiteSettingsGet = defineRoute({
  name: 'site.settings.public',
  method: 'GET',
  path: '/api/site-settings',
  service: 'identity',
  access: 'public',
  summary: 'The public part of the Site tab (help email, footer links, support contact) for the public pages; cached for a minute.',
  response: z.object({ data: publicSiteSettingsSchema }),
});

export const settingsRoutes = [siteSettingsGet, siteSettingsUpdate, publicSiteSettingsGet] as const;
