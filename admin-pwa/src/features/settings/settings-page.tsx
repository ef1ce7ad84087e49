// /admin/settings: outgoing mail, in two tabs ('Comptes SMTP', 'Assignations d'usage'), shown from
// Dexie at once and refreshed from the API when online.
import './settings.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { db } from '../../db/db.ts';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/api.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { ErrorState } from '../../components/states.tsx';
import { useT } from '../../lib/i18n.ts';
import { syncSmtpAccounts } from '../../lib/smtp-accounts.ts';
import { toast } from '../../lib/toast.ts';
import { AccountsTab } from './accounts-tab.tsx';
import { syncSettings } from './api.ts';
import { UsageTab } from './usage-tab.tsx';

const TABS = [
  { id: 'accounts', label: 'Comptes SMTP' },
  { id: 'usages', label: "Assignations d'usage" },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function SettingsPage() {
  const accounts = useLiveQuery(() => db.smtpAccounts.toArray(), []);
  const settings = useLiveQuery(() => db.smtpSettings.toArray(), []) ?? [];
  const [tab, setTab] = useState<TabId>('accounts');
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ accounts: null, usages: null });

  const states = useT().states;
  const { loading, failed, retry } = useRefresh(
    () => Promise.all([syncSmtpAccounts(), syncSettings()]),
    (e) => toast.error('Erreur de chargement', errorText(e, 'Erreur lors du chargement des données')),
  );

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    tabRefs.current[TABS[next]!.id]?.focus();
  };

  return (
    <section className="page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">Paramètres d'envoi des emails</h1>
      </header>
      <div role="tablist" aria-label="Paramètres SMTP" className="tabs" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tab${tab === t.id ? ' tab-active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {accounts === undefined || (loading && !accounts.length) ? (
          <Spinner />
        ) : failed && !accounts.length ? (
          <ErrorState message={states.smtpLoadError} onRetry={retry} />
        ) : tab === 'accounts' ? (
          <AccountsTab accounts={accounts} />
        ) : (
          <UsageTab settings={settings} accounts={accounts} />
        )}
      </div>
    </section>
  );
}
