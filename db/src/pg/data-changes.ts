// Page caches of every instance follow each other's writes on PostgreSQL (docs/decisions/085), where
// nothing like SQLite's PRAGMA data_version exists: a write bumps a counter row (app_meta
// 'data_version') and notifies the channel 'data_changed' in one statement; each instance LISTENs on
// one dedicated connection and takes the counter from the notification. An instance's own announcements
// are skipped: its page cache already moved on at the write (origin.ts), and a second move would only
// render its pages again. While that connection is down, it polls the counter row every second (own
// writes included), and tries to listen again every few seconds.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { row, type Db } from '../database.ts';
import { poolOf, postgresInstanceOf } from './connection.ts';

const CHANNEL = 'data_changed';
const POLL_MS = 1000;
const RECONNECT_MS = 5000;

/** Tells every instance that what pages show may have changed. */
export async function announcePostgresChange(db: Db): Promise<void> {
  await row(
    db,
    sql`with bumped as (
          insert into app_meta (key, value) values ('data_version', '1')
          on conflict (key) do update set value = (app_meta.value::bigint + 1)::text
          returning value)
        select pg_notify(${CHANNEL}, value || ' ' || ${postgresInstanceOf(db)}) as notified from bumped`,
  );
}

const readCounter = async (db: Db) =>
  (await row<{ value: string }>(db, sql`select value from app_meta where key = 'data_version'`))?.value ?? '0';

/** The latest counter this instance knows of, kept current by the listener (or the polling while it is down). */
export function watchPostgresChanges(db: Db): { current: () => string; stop: () => Promise<void> } {
  let version = '0';
  const self = postgresInstanceOf(db);
  let client: pg.Client | undefined;
  let stopped = false;
  let reconnect: NodeJS.Timeout | undefined;

  const listen = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: poolOf(db).options.connectionString, application_name: 'provence-moteurs-listener' });
    c.on('notification', (message) => {
      const [counter, writer] = message.payload?.split(' ') ?? [];
      if (message.channel === CHANNEL && counter && writer !== self) version = counter;
    });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      if (!stopped) reconnect = setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      version = await readCounter(db); // what changed before LISTEN took effect
    } catch {
      await c.end().catch(() => {});
      if (!stopped) reconnect = setTimeout(() => void listen(), RECONNECT_MS).unref();
    }
  };
  const poll = setInterval(() => {
    if (!client)
      readCounter(db).then(
        (v) => (version = v),
        () => {},
      );
  }, POLL_MS).unref();
  void listen();

  return {
    current: () => version,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      await client?.end().catch(() => {});
    },
  };
}
