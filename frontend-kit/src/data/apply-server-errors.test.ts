import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@portal/contracts';
import { applyServerErrors } from './apply-server-errors';

interface UserValues {
  name: string;
  email: string;
  company_id: number | null;
}

function renderForm() {
  return renderHook(() => {
    const form = useForm<UserValues>({ defaultValues: { name: '', email: '', company_id: null } });
    // Reading the errors while rendering subscribes to them, as a form does.
    return { setError: form.setError, errors: form.formState.errors };
  });
}

const invalid = (errors: Record<string, string[]>, message = 'The given data was invalid.') => new ApiError(422, { message, errors });

describe('applyServerErrors', () => {
  it('puts each 422 message under its field and leaves no form-level message', () => {
    const { result } = renderForm();
    let message: string | null = 'unset';
    act(() => {
      message = applyServerErrors(invalid({ email: ['A user with this email already exists'], company_id: ['Choose a company.', 'It must exist.'] }), result.current.setError, ['name', 'email', 'company_id']);
    });
    expect(message).toBeNull();
    expect(result.current.errors.email).toMatchObject({ type: 'server', message: 'A user with this email already exists' });
    expect(result.current.errors.company_id?.message).toBe('Choose a company. It must exist.');
    expect(result.current.errors.name).toBeUndefined();
  });

  it('returns the server message when no error names a field of the form', () => {
    const { result } = renderForm();
    let message: string | null = null;
    act(() => {
      message = applyServerErrors(invalid({ parent_id: ['No such company.'] }, 'No such company.'), result.current.setError, ['name', 'email']);
    });
    expect(message).toBe('No such company.');
    expect(result.current.errors).toEqual({});
  });

  it('shows a client error’s message and hides server failures behind a generic one', () => {
    const { result } = renderForm();
    expect(applyServerErrors(new ApiError(403, { message: 'Only admins may do that.' }), result.current.setError, ['name'])).toBe('Only admins may do that.');
    const generic = 'Something went wrong on our side. Please try again in a moment.';
    expect(applyServerErrors(new ApiError(500, { message: 'SQLSTATE[42S02]' }), result.current.setError, ['name'])).toBe(generic);
    expect(applyServerErrors(new TypeError('Failed to fetch'), result.current.setError, ['name'])).toBe(generic);
  });
});
