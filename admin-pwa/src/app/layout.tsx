// The admin frame: header (menu button, connection state, outbox, theme, user, logout), the
// sidebar navigation (a drawer on small screens) and the main area where screens render.
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Icon, type IconName } from '../components/icons.tsx';
import { OfflineIndicator } from '../components/offline-indicator.tsx';
import { OutboxButton } from '../components/outbox-panel.tsx';
import { Spinner } from '../components/spinner.tsx';
import { logout, useSession } from '../lib/session.ts';
import { toggleTheme, useTheme } from '../lib/theme.ts';
import { setAdminLang, useAdminLang, useT } from '../lib/i18n.ts';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import { SessionWarning } from '../features/auth/session-warning.tsx';
import { useNavigation } from 'react-router';

export const NAV_ITEMS: { to: string; key: keyof AdminDictionary['shell']['nav']; icon: IconName; end?: boolean }[] = [
  { to: '/', key: 'dashboard', icon: 'dashboard', end: true },
  { to: '/annonces', key: 'listings', icon: 'listings' },
  { to: '/messages', key: 'messages', icon: 'messages' },
  { to: '/documents', key: 'documents', icon: 'documents' },
  { to: '/newsletter', key: 'newsletter', icon: 'newsletter' },
  { to: '/settings', key: 'settings', icon: 'settings' },
];

export function Layout() {
  const s = useSession();
  const themeName = useTheme();
  const t = useT().shell;
  const lang = useAdminLang();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [drawer, setDrawer] = useState(false);
  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    if (!drawer) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer]);
  if (s.status !== 'signed-in') return null;
  const { user } = s;
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();

  return (
    <div className={`shell${drawer ? ' shell-drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t.skip}
      </a>
      <header className="topbar">
        <button type="button" className="icon-btn menu-button" aria-label={t.openMenu} aria-expanded={drawer} aria-controls="sidebar" onClick={() => setDrawer((d) => !d)}>
          <Icon name="menu" />
        </button>
        <p className="brand">
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" />
            <path d="M16 6v8M16 18v8M6 16h8M18 16h8" />
            <circle cx="16" cy="16" r="3.5" />
          </svg>
          <span className="brand-name">Provence Moteurs</span>
          <span className="brand-area">{t.brandArea}</span>
        </p>
        <OfflineIndicator />
        <OutboxButton />
        <button type="button" className="icon-btn" onClick={toggleTheme} aria-label={themeName === 'dark' ? t.toLight : t.toDark}>
          <Icon name={themeName === 'dark' ? 'sun' : 'moon'} />
        </button>
        <button type="button" className="btn btn-small lang-switch" lang={lang === 'fr' ? 'en' : 'fr'} aria-label={t.switchLanguageLabel} onClick={() => setAdminLang(lang === 'fr' ? 'en' : 'fr')}>
          {t.switchLanguage}
        </button>
        <div className="user">
          <span className="avatar" aria-hidden="true">
            {initial}
          </span>
          <span className="user-text">
            <span className="user-name">{user.name}</span>
            <span className="user-email">{user.email}</span>
          </span>
        </div>
        <button
          type="button"
          className="btn btn-small"
          onClick={async () => {
            await logout();
            navigate('/login', { replace: true });
          }}
        >
          <Icon name="logout" size={16} /> {t.logout}
        </button>
      </header>
      <nav id="sidebar" className="sidebar" aria-label={t.mainNav}>
        <ul>
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                <Icon name={item.icon} /> {t.nav[item.key]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {drawer ? <div className="drawer-backdrop" onClick={() => setDrawer(false)} aria-hidden="true" /> : null}
      <main id="main" className="content" tabIndex={-1}>
        {navigation.state === 'loading' ? <Spinner /> : <Outlet />}
      </main>
      <SessionWarning />
    </div>
  );
}
