// The admin frame: header (menu button, connection state, outbox, theme, user, logout), the
// sidebar navigation and the main area where screens render. On phones and narrow windows the header
// keeps one row (menu, brand, status) and the menu button opens the navigation with the account and
// display controls as a modal dialog: Escape, the backdrop or a link close it, focus returns to the button.
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Icon, type IconName } from '../components/icons.tsx';
import { OfflineIndicator } from '../components/offline-indicator.tsx';
import { OutboxButton } from '../components/outbox-panel.tsx';
import { Spinner } from '../components/spinner.tsx';
import { logout, useSession } from '../lib/session.ts';
import { syncCompany, useBrand } from '../lib/company.ts';
import { toggleTheme, useTheme } from '../lib/theme.ts';
import { setAdminLang, useAdminLang, useT } from '../lib/i18n.ts';
import { useMediaQuery } from '../lib/media.ts';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import { SessionWarning } from '../features/auth/session-warning.tsx';
import { useNavigation } from 'react-router';
import { preloadScreens } from './screens.ts';

export const NAV_ITEMS: { to: string; key: keyof AdminDictionary['shell']['nav']; icon: IconName; end?: boolean }[] = [
  { to: '/', key: 'dashboard', icon: 'dashboard', end: true },
  { to: '/annonces', key: 'listings', icon: 'listings' },
  { to: '/messages', key: 'messages', icon: 'messages' },
  { to: '/documents', key: 'documents', icon: 'documents' },
  { to: '/newsletter', key: 'newsletter', icon: 'newsletter' },
  { to: '/settings', key: 'settings', icon: 'settings' },
];

/** Where the sidebar becomes a menu (styles.css uses the same width). */
const COMPACT = '(max-width: 860px)';
const FOCUSABLE = 'a[href], button:not([disabled])';

export function Layout() {
  const s = useSession();
  const themeName = useTheme();
  const t = useT().shell;
  const lang = useAdminLang();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const compact = useMediaQuery(COMPACT);
  const [drawer, setDrawer] = useState(false);
  const menuOpen = compact && drawer;
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const brand = useBrand();
  // The header's brand is the configured company's; refreshed once per start when online.
  useEffect(() => {
    if (navigator.onLine) syncCompany().catch(() => {});
    void preloadScreens(); // the other screens' code, for offline use (screens.ts)
  }, []);
  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const node = panel.current!;
    const opener = menuButton.current;
    node.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        setDrawer(false);
      }
      // Focus stays in the open menu (a modal dialog): Tab wraps from the last control to the first.
      if (e.key === 'Tab') {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const [first, last] = [items[0], items[items.length - 1]];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }
    };
    node.addEventListener('keydown', onKey);
    return () => {
      node.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [menuOpen]);
  if (s.status !== 'signed-in') return null;
  const { user } = s;
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  const tools = (
    <>
      <button type="button" className="icon-btn" onClick={toggleTheme} aria-label={themeName === 'dark' ? t.toLight : t.toDark}>
        <Icon name={themeName === 'dark' ? 'sun' : 'moon'} />
      </button>
      <button
        type="button"
        className="btn btn-small lang-switch"
        lang={lang === 'fr' ? 'en' : 'fr'}
        aria-label={t.switchLanguageLabel}
        onClick={() => setAdminLang(lang === 'fr' ? 'en' : 'fr')}
      >
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
    </>
  );

  return (
    <div className={`shell${menuOpen ? ' shell-drawer-open' : ''}`}>
      <a className="skip-link" href="#main">
        {t.skip}
      </a>
      <header className="topbar">
        <button
          ref={menuButton}
          type="button"
          className="icon-btn menu-button"
          aria-label={t.openMenu}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          aria-haspopup="dialog"
          onClick={() => setDrawer((d) => !d)}
        >
          <Icon name="menu" />
        </button>
        <p className="brand">
          <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" />
            <path d="M16 6v8M16 18v8M6 16h8M18 16h8" />
            <circle cx="16" cy="16" r="3.5" />
          </svg>
          {brand ? <span className="brand-name">{brand}</span> : null}
          <span className="brand-area">{t.brandArea}</span>
        </p>
        <OfflineIndicator />
        <OutboxButton />
        {compact ? null : tools}
      </header>
      <div
        ref={panel}
        id="sidebar"
        className="sidebar"
        {...(compact ? { role: 'dialog', 'aria-modal': true, 'aria-label': t.menu, inert: !drawer } : {})}
      >
        {compact ? (
          <button type="button" className="icon-btn menu-close" aria-label={t.closeMenu} onClick={() => setDrawer(false)}>
            <Icon name="close" />
          </button>
        ) : null}
        <nav aria-label={t.mainNav}>
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
        {compact ? (
          <div className="menu-tools" role="group" aria-label={t.accountAndDisplay}>
            {tools}
          </div>
        ) : null}
      </div>
      {menuOpen ? <div className="drawer-backdrop" onClick={() => setDrawer(false)} aria-hidden="true" /> : null}
      <main id="main" className="content" tabIndex={-1}>
        {navigation.state === 'loading' ? <Spinner /> : <Outlet />}
      </main>
      <SessionWarning />
    </div>
  );
}
