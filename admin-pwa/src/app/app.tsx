// The admin application: providers around the router.
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createAdminRouter } from './router.tsx';
import { Providers } from './providers.tsx';

export function App() {
  const [router] = useState(createAdminRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
