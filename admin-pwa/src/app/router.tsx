// Every back-office route under the /admin basename; each screen is its own chunk (route-level
// code splitting), loaded on first visit. To add a screen: one `page()` line below.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin } from './guard.tsx';
import { Layout } from './layout.tsx';
import { NotFound } from './not-found.tsx';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: '/login', lazy: page(() => import('../features/auth/login-page.tsx')) },
  { path: '/change-password', lazy: page(() => import('../features/auth/change-password-page.tsx')) },
  {
    path: '/',
    element: (
      <RequireAdmin>
        <Layout />
      </RequireAdmin>
    ),
    children: [
      { index: true, lazy: page(() => import('../features/dashboard/dashboard-page.tsx')) },
      { path: 'dashboard', lazy: page(() => import('../features/dashboard/dashboard-page.tsx')) },
      { path: 'annonces', lazy: page(() => import('../features/listings/listings-page.tsx')) },
      { path: 'annonces/new', lazy: page(() => import('../features/listings/listing-form-page.tsx')) },
      { path: 'annonces/:id/edit', lazy: page(() => import('../features/listings/listing-form-page.tsx')) },
      { path: 'annonces/:id/view', lazy: page(() => import('../features/listings/listing-view-page.tsx')) },
      { path: 'messages', lazy: page(() => import('../features/messages/messages-page.tsx')) },
      { path: 'documents', lazy: page(() => import('../features/documents/documents-page.tsx')) },
      { path: 'settings', lazy: page(() => import('../features/settings/settings-page.tsx')) },
      { path: 'newsletter', lazy: page(() => import('../features/newsletter/newsletter-page.tsx')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: '/admin' });
