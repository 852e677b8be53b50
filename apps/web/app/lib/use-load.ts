import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';

type State<T> = { data?: T; error?: string; loading: boolean };

/**
 * Loads data from the API in the browser (the admin cookie goes along) whenever `key` changes, e.g. the
 * page's search parameters; `reload` fetches again after a change, `replace` takes a fresh copy an action answered.
 */
export function useLoad<T>(load: (key: string) => Promise<T>, key: string) {
  const [state, setState] = useState<State<T>>({ loading: true });
  const [fn] = useState(() => load);
  useEffect(() => {
    let active = true;
    setState((current) => ({ ...current, loading: true }));
    fn(key).then(
      (data) => active && setState({ data, loading: false }),
      (error: unknown) => active && setState({ error: errorMessage(error), loading: false }),
    );
    return () => {
      active = false;
    };
  }, [fn, key]);
  const reload = useCallback(async () => {
    try {
      setState({ data: await fn(key), loading: false });
    } catch (error) {
      setState((current) => ({ ...current, error: errorMessage(error), loading: false }));
    }
  }, [fn, key]);
  const replace = useCallback((data: T) => setState({ data, loading: false }), []);
  return { ...state, reload, replace };
}
