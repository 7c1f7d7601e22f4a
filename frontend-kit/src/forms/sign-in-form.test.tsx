import { fireEvent, render, screen } from '@testing-library/react';
import { SignInForm, type FormNotice } from './sign-in-form';

function renderForm(notice: FormNotice | null, extra: { isSubmitting?: boolean; isSubmitDisabled?: boolean } = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onDismissNotice = vi.fn();
  render(
    <SignInForm
      label="Email me a sign-in link"
      className="public-form"
      intro={<p>We email you a link.</p>}
      notice={notice}
      onDismissNotice={onDismissNotice}
      onSubmit={onSubmit}
      submitLabel="Send"
      isSubmitting={extra.isSubmitting ?? false}
      isSubmitDisabled={extra.isSubmitDisabled}
      submitClassName="public-form__submit"
    >
      <label htmlFor="email">Email</label>
      <input id="email" />
    </SignInForm>,
  );
  return { onSubmit, onDismissNotice };
}

describe('SignInForm', () => {
  it('is a named form with its intro, fields and one submit button', () => {
    const { onSubmit } = renderForm(null);
    const form = screen.getByRole('form', { name: 'Email me a sign-in link' });
    expect(form.getAttribute('novalidate')).toBe('');
    expect(screen.getByText('We email you a link.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit.className).toContain('public-form__submit');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a dismissible error with its title', () => {
    const { onDismissNotice } = renderForm({ tone: 'error', title: 'Sign-in failed', text: 'These details do not match our records.' });
    expect(screen.getByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('These details do not match our records.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(onDismissNotice).toHaveBeenCalledTimes(1);
  });

  it('keeps a lasting message without a dismiss button', () => {
    renderForm({ tone: 'success', title: 'Check your email', text: 'Sent.', canDismiss: false });
    expect(screen.getByText('Sent.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /dismiss/i })).toBeNull();
  });

  it('disables the button while submitting or when told to', () => {
    renderForm(null, { isSubmitDisabled: true });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
