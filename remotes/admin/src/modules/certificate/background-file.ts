import { CERTIFICATE_BACKGROUND_MAX_BYTES, CERTIFICATE_MESSAGES } from '@portal/contracts';

const ACCEPTED = ['image/png', 'image/jpeg'];

/** Checks a chosen background before it is sent (the server checks the bytes again): null when fine. */
export function backgroundFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(ACCEPTED.includes(file.type) || (!file.type && byName))) return CERTIFICATE_MESSAGES.backgroundType;
  if (file.size > CERTIFICATE_BACKGROUND_MAX_BYTES) return CERTIFICATE_MESSAGES.backgroundTooLarge;
  if (file.size === 0) return CERTIFICATE_MESSAGES.backgroundMissing;
  return null;
}

/** 1536 → '1.5 KB'; sizes on the panel. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
