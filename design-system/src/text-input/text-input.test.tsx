import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expectNoAxeViolations } from '../test-utils/expect-no-axe-violations';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <>
        <label htmlFor="email">Email</label>
        <TextInput id="email" type="email" invalid />
      </>,
    );
    await expectNoAxeViolations(container);
  });

  it('forwards the ref and native props', () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(<TextInput ref={ref} aria-label="Name" name="name" defaultValue="Ada" onChange={onChange} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(ref.current?.name).toBe('name');
    fireEvent.change(ref.current!, { target: { value: 'Grace' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('maps invalid to aria-invalid', () => {
    const { rerender } = render(<TextInput aria-label="Email" />);
    expect(screen.getByRole('textbox').hasAttribute('aria-invalid')).toBe(false);
    rerender(<TextInput aria-label="Email" invalid />);
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
  });
});
