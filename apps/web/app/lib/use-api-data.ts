import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-client';

type State<T> = { data?: T; error?: string; loading: boolean };

/** Loads data from the API after the page shows; `reload` fetches it again after a change. */
export function useApiData<T>(load: () => Promise<T>) {
  const [state, setState] = useState<State<T>>({ loading: true });
  // The first `load` is the one used: pages pass a fresh closure on every render.
  const loader = useRef(load);
  const fetchState = useCallback(
    (): Promise<State<T>> =>
      loader.current().then(
        (data) => ({ data, loading: false }),
        (error: unknown) => ({ error: errorMessage(error), loading: false }),
      ),
    [],
  );
  useEffect(() => {
    let active = true;
    void fetchState().then((next) => active && setState(next));
    return () => {
      active = false;
    };
  }, [fetchState]);
  const reload = useCallback(async () => setState(await fetchState()), [fetchState]);
  return { ...state, reload };
}
