// Refreshes a screen's read model from the API whenever the app is (back) online; the screen keeps
// rendering from Dexie meanwhile. Answers whether the first refresh is still running.
import { useEffect, useState, type DependencyList } from 'react';
import { isNetworkError } from './api.ts';
import { useOnline } from './online.ts';

/** `onError` gets API errors only: without a network the stored data simply stays on screen. */
export function useRefreshWhenOnline(refresh: () => Promise<unknown>, onError: (e: unknown) => void, deps: DependencyList = []): boolean {
  const online = useOnline();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    if (!online) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    refresh()
      .catch((e) => {
        if (live && !isNetworkError(e)) onError(e);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [online, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps
  return loading;
}
