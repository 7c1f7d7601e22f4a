import { readXsrfToken } from '@portal/contracts';
import { Button, Card } from '@portal/design-system';
import { clearDeviceStore } from '@portal/frontend-kit';

/**
 * /logout typed in the address bar, or followed from a link: one press signs out. The gateway
 * serves this page only to a live session (an ended one is cleared and sent to sign-in), and the
 * form posts the session's XSRF token, so a link or an image elsewhere cannot sign anyone out.
 */
export function LogoutPage() {
  return (
    <div className="public-narrow">
      <Card title="Log out">
        <form method="post" action="/logout" className="public-form" data-testid="logout-confirmation" onSubmit={clearDeviceStore}>
          <p>Log out of the Safety Training Portal on this device?</p>
          <input type="hidden" name="_token" value={readXsrfToken() ?? ''} />
          <Button type="submit">Log out</Button>
          <a href="/" className="ds-link public-form__back">
            Stay signed in
          </a>
        </form>
      </Card>
    </div>
  );
}
