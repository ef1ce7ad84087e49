// Per-file upload progress bars with cancel, and the hook that drives them (XHR progress events).
import { useCallback, useRef, useState } from 'react';
import type { UploadHandle, UploadProgress } from '../lib/api.ts';
import { formatSize } from '../lib/format.ts';
import { fill, useT } from '../lib/i18n.ts';

export type UploadStatus = 'pending' | 'uploading' | 'done' | 'error' | 'cancelled';
export type UploadItem = { key: string; name: string; size: number; loaded: number; status: UploadStatus; error?: string };

/**
 * Tracks uploads: `run(key, name, size, start)` starts one (start gets the progress callback and
 * returns the XHR handle) and resolves with its result, or rejects (AbortError when cancelled).
 */
export function useUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<string, () => void>());
  const patch = (key: string, p: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const run = useCallback(
    async <T,>(
      key: string,
      name: string,
      size: number,
      start: (onProgress: (p: UploadProgress) => void) => UploadHandle<T>,
    ): Promise<T> => {
      setItems((list) => [...list.filter((i) => i.key !== key), { key, name, size, loaded: 0, status: 'uploading' }]);
      const handle = start((p) => patch(key, { loaded: p.loaded, size: p.total || size }));
      handles.current.set(key, handle.abort);
      try {
        const result = await handle.promise;
        patch(key, { status: 'done', loaded: size });
        return result;
      } catch (e) {
        const cancelled = (e as Error)?.name === 'AbortError';
        patch(key, { status: cancelled ? 'cancelled' : 'error', error: cancelled ? undefined : (e as Error).message });
        throw e;
      } finally {
        handles.current.delete(key);
      }
    },
    [],
  );

  const cancel = useCallback((key: string) => handles.current.get(key)?.(), []);
  const cancelAll = useCallback(() => [...handles.current.values()].forEach((abort) => abort()), []);
  const reset = useCallback(() => setItems([]), []);
  return { items, run, cancel, cancelAll, reset };
}

export function UploadProgressList({ items, onCancel }: { items: UploadItem[]; onCancel: (key: string) => void }) {
  const t = useT().uploads;
  if (!items.length) return null;
  return (
    <ul className="upload-list" aria-label={t.list}>
      {items.map((item) => {
        const percent = item.size ? Math.min(100, Math.round((item.loaded / item.size) * 100)) : 0;
        return (
          <li key={item.key} className={`upload-item upload-${item.status}`}>
            <span className="upload-name">{item.name}</span>
            <progress max={100} value={item.status === 'done' ? 100 : percent} aria-label={fill(t.progressOf, { name: item.name })} />
            <span className="upload-status">
              {item.status === 'uploading'
                ? fill(t.percentOf, { percent, size: formatSize(item.size) })
                : item.error
                  ? fill(t.withError, { state: t.states[item.status], error: item.error })
                  : t.states[item.status]}
            </span>
            {item.status === 'uploading' ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onCancel(item.key)}
                aria-label={fill(t.cancelOf, { name: item.name })}
              >
                {t.cancel}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
