import { act, renderHook } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the value once it has stopped changing for the delay, each change restarting the wait', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'f' } });
    expect(result.current).toBe('f');

    rerender({ value: 'fi' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: 'fire' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe('f');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('fire');
  });

  it('drops a pending value when unmounted', () => {
    const { rerender, unmount } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
