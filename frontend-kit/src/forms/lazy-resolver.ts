import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads the real one (a zod schema with its resolver) on the
 * form's first validation, so the page that shows the form does not load zod (issue 14's budget:
 * /login shows three forms). The load starts once; later validations reuse it.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      // A failed load (the network) is tried again on the next validation.
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
