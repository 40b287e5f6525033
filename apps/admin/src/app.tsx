import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { config } from './config.ts';
import { createAppServices } from './lib/app-services.ts';
import { adminRoutes } from './routes/admin.routes.tsx';

export function App() {
  const [services] = useState(() => createAppServices(config));
  const [router] = useState(() => createBrowserRouter(adminRoutes));
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
