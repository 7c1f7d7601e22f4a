import { act, renderHook, waitFor } from '@testing-library/react';
import { useApiQuery } from './use-api-query';

describe('useApiQuery', () => {
  it('goes from loading to success, to error on a failed reload, and back to success on the next', async () => {
    const failure = new Error('offline');
    const load = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('first')
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce('third');
    const { result } = renderHook(() => useApiQuery('courses', load));

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'first' }));

    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', error: failure }));

    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'third' }));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not load while the key is null, and loads once it is set', async () => {
    const load = vi.fn(() => Promise.resolve(42));
    const { result, rerender } = renderHook(({ key }) => useApiQuery(key, load), { initialProps: { key: null as string | null } });
    expect(result.current.status).toBe('loading');
    expect(load).not.toHaveBeenCalled();

    rerender({ key: 'answer' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 42 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ignores the answer of a request whose key has since changed', async () => {
    let resolveStale: (value: string) => void = () => {};
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise((resolve) => (resolveStale = resolve)))
      .mockResolvedValueOnce('fresh');
    const { result, rerender } = renderHook(({ key }) => useApiQuery(key, load), { initialProps: { key: 'a' } });

    rerender({ key: 'b' });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'fresh' }));
    await act(() => Promise.resolve(resolveStale('stale')));
    expect(result.current).toMatchObject({ status: 'success', data: 'fresh' });
  });
});
