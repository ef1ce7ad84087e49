// Tells the admin the app is offline and how fresh the shown data is (time of the last sync).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db.ts';
import { formatDateTime } from '../lib/format.ts';
import { useOnline } from '../lib/online.ts';
import { fill, useT } from '../lib/i18n.ts';
import { Icon } from './icons.tsx';

export function OfflineIndicator() {
  const online = useOnline();
  const t = useT().common;
  const last = useLiveQuery(() => db.meta.get('lastSync'), []);
  const when = last ? formatDateTime(last.value as number) : null;
  return (
    <div className={`connection ${online ? 'connection-online' : 'connection-offline'}`} role="status" aria-live="polite">
      {online ? null : <Icon name="offline" size={16} />}
      <span className="connection-state">{online ? t.online : t.offline}</span>
      <span className="connection-sync">{when ? fill(t.lastSync, { when }) : t.neverSynced}</span>
    </div>
  );
}
