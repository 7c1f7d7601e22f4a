import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/** Runs `load` when `key` changes; `reload` runs it again (e.g. from a Retry button). */
export function useApiQuery<T>(key: string | null, load: () => Promise<T>): QueryState<T> & { reload: () => void } {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // A new request (another key, or a reload) shows loading from the render that asks for it.
  const [request, setRequest] = useState({ key, attempt });
  if (request.key !== key || request.attempt !== attempt) {
    setRequest({ key, attempt });
    if (key !== null) setState({ status: 'loading' });
  }

  // `load` is a fresh closure each render: the effect calls the newest; `key` says when the request changes.
  const loadLatest = useEffectEvent(() => load());
  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    loadLatest().then(
      (data) => isCurrent && setState({ status: 'success', data }),
      (error: unknown) => isCurrent && setState({ status: 'error', error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
