import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { BoundField } from './bound-field';

interface Values {
  name: string;
  role: string;
  depots: { name: string }[];
}

function Harness({ onForm, onValues }: { onForm: (form: UseFormReturn<Values>) => void; onValues: (values: Values) => void }) {
  const bound = useForm<Values>({ defaultValues: { name: 'Ada', role: 'learner', depots: [{ name: 'North' }] } });
  onForm(bound);
  return (
    <form onSubmit={bound.handleSubmit(onValues)} noValidate>
      <BoundField
        form={bound}
        name="name"
        id="user-name"
        label="Name"
        hint="As on the certificate."
        autoComplete="name"
        registerOptions={{ required: 'Enter a name.' }}
      />
      <BoundField form={bound} name="role" id="user-role" label="Role">
        {(control) => (
          <select {...control}>
            <option value="learner">Learner</option>
            <option value="manager">Manager</option>
          </select>
        )}
      </BoundField>
      <BoundField form={bound} name="depots.0.name" id="depot-0" label="Depot" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('BoundField', () => {
  let form: UseFormReturn<Values> | undefined;
  let submitted: Values | undefined;
  const renderHarness = () =>
    render(
      <Harness
        onForm={(bound) => {
          form = bound;
        }}
        onValues={(values) => {
          submitted = values;
        }}
      />,
    );
  beforeEach(() => {
    form = undefined;
    submitted = undefined;
  });

  it('labels a registered text input, with its hint, and submits what was typed', async () => {
    renderHarness();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('autocomplete')).toBe('name');
    expect(name.getAttribute('aria-describedby')).toBe('user-name-hint');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(name, { target: { value: 'Grace' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'manager' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Depot' }), { target: { value: 'South' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual({ name: 'Grace', role: 'manager', depots: [{ name: 'South' }] }));
  });

  it("shows the schema's error under the field and marks the input invalid", async () => {
    renderHarness();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a name.');
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('user-name-hint user-name-error');
    expect(submitted).toBeUndefined();
  });

  it("shows a server's error on a custom control and on a nested name", async () => {
    renderHarness();
    act(() => {
      form?.setError('role', { type: 'server', message: 'Managers need an email.' });
      form?.setError('depots.0.name', { type: 'server', message: 'Taken.' });
    });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Managers need an email.', 'Taken.']),
    );
    expect(screen.getByRole('combobox', { name: 'Role' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Depot' }).getAttribute('aria-describedby')).toBe('depot-0-error');
  });
});
