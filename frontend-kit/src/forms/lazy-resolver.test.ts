import type { Resolver, ResolverResult } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };
const requireName: Resolver<Values> = (values): ResolverResult<Values> =>
  values.name ? { values, errors: {} } : { values: {}, errors: { name: { type: 'required', message: 'Enter a name.' } } };
const acceptAll: Resolver<Values> = (values): ResolverResult<Values> => ({ values, errors: {} });

const options = { fields: {}, shouldUseNativeValidation: undefined };

describe('lazyResolver', () => {
  it('loads the resolver on the first validation only, then validates with it', async () => {
    let loads = 0;
    const resolver = lazyResolver<Values>(async () => {
      loads += 1;
      return requireName;
    });
    expect(loads).toBe(0);
    expect(await resolver({ name: '' }, undefined, options)).toEqual({
      values: {},
      errors: { name: { type: 'required', message: 'Enter a name.' } },
    });
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('tries the load again after it failed', async () => {
    let loads = 0;
    const resolver = lazyResolver<Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return acceptAll;
    });
    await expect(resolver({ name: 'Ada' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({ values: { name: 'Ada' }, errors: {} });
    expect(loads).toBe(2);
  });
});
