// Every back-office route under the /admin basename. To add a screen: one line in screens.ts and
// one `page()` line below.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin } from './guard.tsx';
import { Layout } from './layout.tsx';
import { NotFound } from './not-found.tsx';
import { ScreenError } from './screen-error.tsx';
import { screens } from './screens.ts';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  { path: '/login', lazy: page(screens.login), errorElement: <ScreenError /> },
  { path: '/change-password', lazy: page(screens.changePassword), errorElement: <ScreenError /> },
  {
    path: '/',
    element: (
      <RequireAdmin>
        <Layout />
      </RequireAdmin>
    ),
    children: [
      {
        // A screen that fails (its code could not be fetched) shows its error inside the frame.
        errorElement: <ScreenError />,
        children: [
          { index: true, lazy: page(screens.dashboard) },
          { path: 'dashboard', lazy: page(screens.dashboard) },
          { path: 'annonces', lazy: page(screens.listings) },
          { path: 'annonces/new', lazy: page(screens.listingForm) },
          { path: 'annonces/:id/edit', lazy: page(screens.listingForm) },
          { path: 'annonces/:id/view', lazy: page(screens.listingView) },
          { path: 'messages', lazy: page(screens.messages) },
          { path: 'documents', lazy: page(screens.documents) },
          { path: 'settings', lazy: page(screens.settings) },
          { path: 'newsletter', lazy: page(screens.newsletter) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: '/admin' });
