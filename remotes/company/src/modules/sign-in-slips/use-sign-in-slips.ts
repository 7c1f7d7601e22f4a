import { useRef, useState } from 'react';
import {
  ApiError,
  exportFileName,
  SIGN_IN_SLIP_MESSAGES,
  SIGN_IN_SLIPS_SKIPPED_HEADER,
  signInLoginCodes,
  signInSlipsPdf,
  type ApiClient,
} from '@portal/contracts';
import { saveDownload } from '@portal/frontend-kit/downloads';

/** The two downloads: the printable slips (PDF) or the login codes (.xlsx). */
export type SignInDownload = 'slips' | 'codes';

export interface SignInSlipsState {
  /** The download under way, or null. One at a time. */
  downloading: SignInDownload | null;
  /** What went wrong with the last download (the server's words where it gave some), or null. */
  error: string | null;
  /** After a download that left learners out: how many had no login code, said as a sentence. */
  notice: string | null;
  download(kind: SignInDownload, userIds: readonly number[]): Promise<void>;
}

/** The sentence for learners left out of a download. */
export function skippedText(skipped: number): string | null {
  if (!Number.isInteger(skipped) || skipped <= 0) return null;
  return skipped === 1
    ? '1 of the chosen learners has no login code and was left out.'
    : `${skipped} of the chosen learners have no login code and were left out.`;
}

/** A refusal in the server's words (the field error first); a server or network failure in ours. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return Object.values(error.fieldErrors).flat()[0] ?? error.message;
  return SIGN_IN_SLIP_MESSAGES.failed;
}

/**
 * Downloads the sign-in slips or the login codes of any learners of `companyId` (the acting company:
 * its depots' learners are included). The server names the files; the fallbacks are its names too.
 */
export function useSignInSlips(api: ApiClient, companyId: number): SignInSlipsState {
  const [downloading, setDownloading] = useState<SignInDownload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A second click before the state has re-rendered must not start a second download.
  const busy = useRef(false);

  async function download(kind: SignInDownload, userIds: readonly number[]) {
    if (busy.current || userIds.length === 0) return;
    busy.current = true;
    setDownloading(kind);
    setError(null);
    setNotice(null);
    try {
      const input = { params: { companyId }, body: { user_ids: [...userIds] } };
      const response = await api.raw(kind === 'slips' ? signInSlipsPdf : signInLoginCodes, input);
      const today = exportFileName('login_codes', new Date());
      await saveDownload(response, kind === 'slips' ? today.replace('login_codes.xlsx', 'sign_in_slips.pdf') : today);
      setNotice(skippedText(Number(response.headers.get(SIGN_IN_SLIPS_SKIPPED_HEADER) ?? 0)));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      busy.current = false;
      setDownloading(null);
    }
  }

  return { downloading, error, notice, download };
}
