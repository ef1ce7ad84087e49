// The back office's screens, each its own chunk (route-level code splitting), loaded on first visit.
// Once the admin is signed in, the others are fetched in idle time: a session that no service worker
// controls yet (the first one after install) can still open every screen offline.
type PageModule = { default: React.ComponentType };

export const screens = {
  login: () => import('../features/auth/login-page.tsx'),
  changePassword: () => import('../features/auth/change-password-page.tsx'),
  dashboard: () => import('../features/dashboard/dashboard-page.tsx'),
  listings: () => import('../features/listings/listings-page.tsx'),
  listingForm: () => import('../features/listings/listing-form-page.tsx'),
  listingView: () => import('../features/listings/listing-view-page.tsx'),
  messages: () => import('../features/messages/messages-page.tsx'),
  documents: () => import('../features/documents/documents-page.tsx'),
  settings: () => import('../features/settings/settings-page.tsx'),
  newsletter: () => import('../features/newsletter/newsletter-page.tsx'),
} satisfies Record<string, () => Promise<PageModule>>;

let preloading: Promise<void> | undefined;

/** Fetches every screen's code once; resolves when all are loaded (a failure is left to the route). */
export function preloadScreens(): Promise<void> {
  preloading ??= Promise.allSettled(Object.values(screens).map((load) => load())).then(() => {
    document.documentElement.dataset.screens = 'loaded';
  });
  return preloading;
}
