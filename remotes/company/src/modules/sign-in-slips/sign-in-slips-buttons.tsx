import { SIGN_IN_SLIP_MESSAGES, type ApiClient } from '@portal/contracts';
import { Button, Notice } from '@portal/design-system';
import { useSignInSlips } from './use-sign-in-slips';
import './sign-in-slips.css';

export interface SignInSlipsButtonsProps {
  /** The page's API client (RemotePageProps.api). */
  api: ApiClient;
  /** The company acting: the learners must be its own or its depots' (the server refuses others with a 422, shown here). */
  companyId: number;
  /** The learners to print for, in any order; repeats are fine. None: the buttons are disabled. At most 1,000. */
  userIds: readonly number[];
}

/**
 * "Download sign-in slips" (PDF, 8 slips to an A4 page) and "Download login codes (.xlsx)" for a
 * selection of learners, with progress while downloading, the server's refusal in an error notice,
 * and a note when learners without a login code were left out.
 */
export function SignInSlipsButtons({ api, companyId, userIds }: SignInSlipsButtonsProps) {
  const slips = useSignInSlips(api, companyId);
  const isEmpty = userIds.length === 0;
  return (
    <div className="sign-in-slips" data-testid="sign-in-slips">
      <div className="sign-in-slips__buttons">
        <Button
          type="button"
          loading={slips.downloading === 'slips'}
          disabled={isEmpty || slips.downloading !== null}
          onClick={() => void slips.download('slips', userIds)}
        >
          {SIGN_IN_SLIP_MESSAGES.downloadSlips}
        </Button>
        <Button
          type="button"
          variant="secondary"
          loading={slips.downloading === 'codes'}
          disabled={isEmpty || slips.downloading !== null}
          onClick={() => void slips.download('codes', userIds)}
        >
          {SIGN_IN_SLIP_MESSAGES.downloadCodes}
        </Button>
      </div>
      {slips.downloading ? (
        <p className="sign-in-slips__progress" role="status">
          {SIGN_IN_SLIP_MESSAGES.downloading}
        </p>
      ) : null}
      {slips.error ? <Notice tone="error">{slips.error}</Notice> : null}
      {slips.notice ? <Notice tone="warning">{slips.notice}</Notice> : null}
    </div>
  );
}
