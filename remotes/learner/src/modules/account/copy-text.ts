import { LEARNER_ACCOUNT_MESSAGES } from '@portal/contracts';

/** Spec §8 clipboard messages: 'Copied!' or 'Could not copy' (no clipboard, refused, or it failed). */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<string> {
  try {
    if (!clipboard) return LEARNER_ACCOUNT_MESSAGES.copyFailed;
    await clipboard.writeText(text);
    return LEARNER_ACCOUNT_MESSAGES.copied;
  } catch {
    return LEARNER_ACCOUNT_MESSAGES.copyFailed;
  }
}
