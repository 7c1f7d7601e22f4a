import { useCallback, useEffect, useState } from 'react';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/** Runs `load` when `key` changes; `reload` runs it again (e.g. from a Retry button). */
export function useApiQuery<T>(key: string | null, load: () => Promise<T>): QueryState<T> & { reload: () => void } {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    setState({ status: 'loading' });
    load().then(
      (data) => isCurrent && setState({ status: 'success', data }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
    // `load` is a fresh closure each render; `key` says when the request changes.
  }, [key, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
