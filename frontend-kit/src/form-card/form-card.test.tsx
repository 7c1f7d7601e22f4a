import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@portal/contracts';
import { BoundField } from '../forms/bound-field';
import type { FormNotice } from '../forms/sign-in-form';
import { FormCard } from './form-card';
import { useServerSubmit } from './use-server-submit';

interface Values {
  name: string;
}

function NameForm({ send }: { send: (values: Values) => Promise<FormNotice | void> }) {
  const form = useForm<Values>({ defaultValues: { name: 'Lee' } });
  const { notice, dismissNotice, onSubmit } = useServerSubmit(form, { fields: ['name'], send });
  return (
    <FormCard
      title="Details"
      label="Edit name"
      notice={notice}
      onDismissNotice={dismissNotice}
      onSubmit={onSubmit}
      submitLabel="Save"
      isSubmitting={form.formState.isSubmitting}
    >
      <BoundField form={form} name="name" id="name" label="Name" />
    </FormCard>
  );
}

const unprocessable = new ApiError(422, { message: 'The given data was invalid.', errors: { name: ['The name is taken.'] } });

describe('FormCard with useServerSubmit', () => {
  it('is a named form in a titled card whose submit sends the values and shows the answer', async () => {
    const send = vi.fn(async () => ({ tone: 'success' as const, text: 'Saved.' }));
    render(<NameForm send={send} />);
    expect(screen.getByRole('heading', { name: 'Details' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Edit name' }).getAttribute('novalidate')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(send).toHaveBeenCalledWith({ name: 'Lee' });
  });

  it("puts a 422's messages under their fields and anything else in the notice, which can be dismissed", async () => {
    const send = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(unprocessable)
      .mockRejectedValueOnce(new ApiError(409, { message: 'Busy.' }));
    render(<NameForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The name is taken.');
    expect(screen.queryByText('The given data was invalid.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Busy.');
    fireEvent.click(screen.getByRole('button', { name: /dismiss/i }));
    await waitFor(() => expect(screen.queryByText('Busy.')).toBeNull());
  });

  it('shows the busy submit button and any further actions; bare, it has no card', () => {
    render(
      <FormCard
        isBare
        label="Edit depot"
        notice={{ tone: 'error', text: 'Failed.' }}
        onSubmit={() => undefined}
        submitLabel="Save depot"
        isSubmitting
        actions={<button type="button">Cancel</button>}
      >
        <span>fields</span>
      </FormCard>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('button', { name: /Save depot/ }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /dismiss/i })).toBeNull();
  });
});
