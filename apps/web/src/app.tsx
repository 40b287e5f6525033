import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { config } from './config.ts';
import { createAppServices } from './lib/app-services.ts';
import { appRoutes } from './routes/app.routes.tsx';

export function App() {
  // Created once per page load; state (not module scope) keeps tests and HMR free of shared singletons.
  const [services] = useState(() => createAppServices(config));
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
