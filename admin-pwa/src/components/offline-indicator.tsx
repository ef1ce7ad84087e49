// Tells the admin the app is offline and how fresh the shown data is (time of the last sync).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db.ts';
import { formatDateTime } from '../lib/format.ts';
import { useOnline } from '../lib/online.ts';
import { Icon } from './icons.tsx';

export function OfflineIndicator() {
  const online = useOnline();
  const last = useLiveQuery(() => db.meta.get('lastSync'), []);
  const when = last ? formatDateTime(last.value as number) : null;
  return (
    <div className={`connection ${online ? 'connection-online' : 'connection-offline'}`} role="status" aria-live="polite">
      {online ? null : <Icon name="offline" size={16} />}
      <span className="connection-state">{online ? 'En ligne' : 'Hors ligne'}</span>
      {when ? <span className="connection-sync">Dernière synchronisation : {when}</span> : <span className="connection-sync">Jamais synchronisé</span>}
    </div>
  );
}
