import { fireEvent, render, screen, within } from '@testing-library/react';
import { fakeApi, reply } from '@portal/frontend-kit/testing';
import { CertificateActions } from './certificate-actions';

const course = { id: 7, name: 'Working at Height' };

function renderActions() {
  const server = fakeApi({
    'POST /api/course/7/email-certificate': (request) => {
      const { email } = request.body as { email: string };
      if (email.includes('nope'))
        return reply(422, { message: 'The given data was invalid.', errors: { email: ['This is not a valid email address: nope'] } });
      return { success: true, message: 'The certificate has been emailed.', sent_to: email.split(',') };
    },
  });
  render(<CertificateActions api={server.api} enrolmentId={41} course={course} code="A676-ZE5Y-HXAN-34AW" />);
  return server;
}

describe('CertificateActions', () => {
  it('emails the certificate to the addresses typed, the server’s field errors under the box', async () => {
    const server = renderActions();
    fireEvent.click(screen.getByRole('button', { name: /^Email certificate/ }));
    // The form loads when it opens (a lazy chunk).
    const dialog = await screen.findByRole('dialog', { name: 'Email certificate' });
    const box = within(dialog).getByLabelText('Email addresses');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));
    expect(await within(dialog).findByText('Enter at least one email address.')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'a@x.test, nope' } });
    expect(within(dialog).getByTestId('email-recipients').textContent).toBe('To 2 addresses');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));
    expect(await within(dialog).findByText('This is not a valid email address: nope')).toBeTruthy();

    fireEvent.change(box, { target: { value: ' a@x.test ,b@x.test,, ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send certificate' }));
    expect(await within(dialog).findByText('The certificate has been emailed.')).toBeTruthy();
    expect(server.requests.at(-1)?.body).toEqual({ email: 'a@x.test,b@x.test', enrollment_id: 41 });
  });

  it('copies the verify link and says Copied! or Could not copy', async () => {
    renderActions();
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void written.push(text)) },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Copy link/ }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(written).toEqual([`${location.origin}/verify?code=A676-ZE5Y-HXAN-34AW`]);

    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    fireEvent.click(screen.getByRole('button', { name: /^Copy link/ }));
    expect(await screen.findByText('Could not copy')).toBeTruthy();
    // No share sheet in this browser: no Share button.
    expect(screen.queryByRole('button', { name: /^Share/ })).toBeNull();
  });
});
