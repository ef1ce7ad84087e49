// Refreshes a screen's read model from the API whenever the app is (back) online; the screen keeps
// rendering from Dexie meanwhile. Answers whether the first refresh is still running, whether the
// last one failed (so a screen with nothing stored can show an error instead of "nothing"), and a retry.
import { useEffect, useState, type DependencyList } from 'react';
import { isNetworkError } from './api.ts';
import { useOnline } from './online.ts';

export type RefreshState = { loading: boolean; failed: boolean; retry: () => void };

/** `onError` gets API errors only: without a network the stored data simply stays on screen. */
export function useRefresh(refresh: () => Promise<unknown>, onError: (e: unknown) => void, deps: DependencyList = []): RefreshState {
  const online = useOnline();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    refresh()
      .then(() => live && setFailed(false))
      .catch((e) => {
        if (!live || isNetworkError(e)) return;
        setFailed(true);
        onError(e);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [online, attempt, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps
  return { loading, failed, retry: () => setAttempt((n) => n + 1) };
}

export function useRefreshWhenOnline(refresh: () => Promise<unknown>, onError: (e: unknown) => void, deps: DependencyList = []): boolean {
  return useRefresh(refresh, onError, deps).loading;
}
