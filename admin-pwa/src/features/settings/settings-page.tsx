// /admin/settings: outgoing mail, in two tabs ('Comptes SMTP', 'Assignations d'usage'), shown from
// Dexie at once and refreshed from the API when online; and 'API', the API tokens and the webhooks,
// online only.
import './settings.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { db } from '../../db/db.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { errorText } from '../../lib/api.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { ErrorState } from '../../components/states.tsx';
import { syncSmtpAccounts } from '../../lib/smtp-accounts.ts';
import { texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { AccountsTab } from './accounts-tab.tsx';
import { ApiTokensTab } from './api-tokens-tab.tsx';
import { syncSettings } from './api.ts';
import { UsageTab } from './usage-tab.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const TABS = [
  { id: 'accounts', label: 'accountsTab' },
  { id: 'usages', label: 'usageTab' },
  { id: 'api', label: 'apiTab' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function SettingsPage() {
  const accounts = useLiveQuery(() => db.smtpAccounts.toArray(), []);
  const settings = useLiveQuery(() => db.smtpSettings.toArray(), []) ?? [];
  const [tab, setTab] = useState<TabId>('accounts');
  const t = useT().settings;
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ accounts: null, usages: null, api: null });

  const states = useT().states;
  const { loading, failed, retry } = useRefresh(
    () => Promise.all([syncSmtpAccounts(), syncSettings()]),
    (e) => toast.error(texts().toasts.loadTitle, errorText(e, texts().settings.loadFailed)),
  );

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((x) => x.id === tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setTab(TABS[next]!.id);
    tabRefs.current[TABS[next]!.id]?.focus();
  };

  return (
    <section className="page" aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">{t.title}</h1>
      </header>
      <div role="tablist" aria-label={t.tabs} className="tabs" onKeyDown={onKey}>
        {TABS.map((tabInfo) => (
          <button
            key={tabInfo.id}
            ref={(el) => {
              tabRefs.current[tabInfo.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tabInfo.id}`}
            aria-selected={tab === tabInfo.id}
            aria-controls={`panel-${tabInfo.id}`}
            tabIndex={tab === tabInfo.id ? 0 : -1}
            className={`tab${tab === tabInfo.id ? ' tab-active' : ''}`}
            onClick={() => setTab(tabInfo.id)}
          >
            {t[tabInfo.label]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'api' ? (
          <>
            <ApiTokensTab />
            <WebhooksSection />
          </>
        ) : accounts === undefined || (loading && !accounts.length) ? (
          <ListSkeleton />
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
