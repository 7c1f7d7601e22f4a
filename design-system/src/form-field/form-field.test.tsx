import { render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { TextInput } from '../text-input';
import { FormField } from './form-field';

describe('FormField', () => {
  it('has no accessibility violations with hint and errors', async () => {
    const { container } = render(
      <FormField label="Email" htmlFor="email" hint="Required for managers" error={['The email has already been taken.']}>
        <TextInput id="email" type="email" />
      </FormField>,
    );
    await expectNoAxeViolations(container);
  });

  it('labels the control', () => {
    render(
      <FormField label="Company name" htmlFor="company-name">
        <TextInput id="company-name" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Company name' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('links the error (role=alert, under the field) and hint through aria-describedby', () => {
    render(
      <FormField label="Email" htmlFor="email" hint="We send the login code here" error="The email field is required.">
        <TextInput id="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The email field is required.');
    expect(input.getAttribute('aria-describedby')).toBe(`email-hint ${alert.id}`);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('renders one line per error message and keeps the control’s own describedby', () => {
    render(
      <FormField label="Password" htmlFor="password" error={['Too short.', 'Needs a number.']}>
        <TextInput id="password" type="password" aria-describedby="password-rules" />
      </FormField>,
    );
    const alert = screen.getByRole('alert');
    expect(Array.from(alert.querySelectorAll('p'), (line) => line.textContent)).toEqual(['Too short.', 'Needs a number.']);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe('password-rules password-error');
  });

  it('shows no alert for an empty error list', () => {
    render(
      <FormField label="Name" htmlFor="name" error={[]}>
        <TextInput id="name" />
      </FormField>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
