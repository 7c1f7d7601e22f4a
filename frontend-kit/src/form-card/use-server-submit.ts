import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '@portal/frontend-kit';
import type { FormNotice } from '../forms/sign-in-form';

export interface ServerSubmitOptions<T extends FieldValues, Out> {
  /** The fields a 422's errors may go under; the rest become the notice. */
  fields: readonly Path<T>[];
  /** Sends the values; resolves to the notice to show (a success), or nothing. */
  send: (values: Out) => Promise<FormNotice | null | void>;
  /** The title of the notice a failure shows. */
  errorTitle?: string;
}

/**
 * A react-hook-form submit that talks to the server: the notice clears when it starts, the
 * server's field errors go under their fields and anything else becomes the form's one notice.
 */
export function useServerSubmit<T extends FieldValues, Out = T>(
  form: Pick<UseFormReturn<T, unknown, Out>, 'handleSubmit' | 'setError'>,
  { fields, send, errorTitle }: ServerSubmitOptions<T, Out>,
) {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const answer = await send(values);
      if (answer) setNotice(answer);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, fields);
      if (message) setNotice({ tone: 'error', text: message, ...(errorTitle ? { title: errorTitle } : {}) });
    }
  });
  return { notice, setNotice, dismissNotice: () => setNotice(null), onSubmit };
}
