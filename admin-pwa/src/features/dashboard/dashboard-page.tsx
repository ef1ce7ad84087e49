// Dashboard (/admin, /admin/dashboard): three counters from GET /stats, quick actions and the
// weekly messages chart; shown from IndexedDB at once, refreshed when online.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useOnline } from '../../lib/online.ts';
import { db } from '../../db/db.ts';
import { Icon } from '../../components/icons.tsx';
import { ErrorState } from '../../components/states.tsx';
import { refreshRecentMessages, refreshStats, type DashboardStats } from './api.ts';
import { MessagesChart } from './messages-chart.tsx';
import { useT } from '../../lib/i18n.ts';

export default function DashboardPage() {
  const online = useOnline();
  const dict = useT();
  const t = dict.dashboard;
  const [error, setError] = useState<'stats' | 'session' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const stats = useLiveQuery(() => db.stats.get('dashboard'), [])?.value as DashboardStats | undefined;
  const dates = useLiveQuery(() => db.inquiries.toArray().then((list) => list.map((i) => i.createdAt)), []) ?? [];

  useEffect(() => {
    if (!online) return;
    let live = true;
    refreshStats().then(
      () => live && setError(null),
      (e) => live && setError(e instanceof ApiError && e.status === 401 ? 'session' : 'stats'),
    );
    refreshRecentMessages().catch(() => {});
    return () => {
      live = false;
    };
  }, [online, attempt]);

  const counters = [
    { label: dict.shell.nav.listings, value: stats?.products, to: '/annonces' },
    { label: dict.shell.nav.messages, value: stats?.messages, to: '/messages' },
    { label: dict.shell.nav.documents, value: stats?.documents, to: '/documents' },
  ];
  // The first is the page's main action.
  const quickActions = [
    { label: t.newListing, icon: 'plus', to: '/annonces/new' },
    { label: t.seeMessages, icon: 'messages', to: '/messages' },
    { label: t.technicalDocuments, icon: 'documents', to: '/documents' },
    { label: t.newsletter, icon: 'newsletter', to: '/newsletter' },
  ] as const;

  return (
    <section className="page" aria-labelledby="dash-title">
      <div className="page-header">
        <h1 id="dash-title">{t.title}</h1>
      </div>
      {error === 'session' ? (
        <ErrorState
          message={t.sessionExpired}
          action={
            <Link className="btn btn-primary" to="/login">
              {t.signIn}
            </Link>
          }
        />
      ) : error === 'stats' ? (
        <ErrorState message={t.statsError} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      <div className="grid grid-3">
        {counters.map((c) => (
          <Link key={c.label} to={c.to} className="card" style={{ textDecoration: 'none', color: 'inherit' }}>
            <p className="muted">{c.label}</p>
            <p className="counter" aria-label={`${c.label} : ${c.value ?? t.unknown}`}>
              {c.value ?? '—'}
            </p>
          </Link>
        ))}
      </div>
      <h2 style={{ marginTop: '1.5rem' }}>{t.quickActions}</h2>
      <div className="actions">
        {quickActions.map((a, i) => (
          <Link key={a.to} className={i === 0 ? 'btn btn-primary' : 'btn'} to={a.to}>
            <Icon name={a.icon} /> {a.label}
          </Link>
        ))}
      </div>
      <div style={{ marginTop: '1.5rem' }}>
        <MessagesChart dates={dates} />
      </div>
    </section>
  );
}
