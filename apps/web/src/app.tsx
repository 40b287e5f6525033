import type { DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { config } from './config.ts';
import { createAppServices } from './lib/app-services.ts';
import { hydrateServerState } from './lib/server-render.ts';
import { appRoutes } from './routes/app.routes.tsx';

export interface AppProps {
  /** The data the server rendered this page from (main.tsx hydrates its markup with it). */
  serverState?: DehydratedState | null;
  /** The router, when main.tsx made it ahead of hydration; else the app makes its own. */
  router?: DataRouter;
}

export function App({ serverState = null, router: madeRouter }: AppProps) {
  // Created once per page load; state (not module scope) keeps tests and HMR free of shared singletons.
  const [services] = useState(() => {
    const created = createAppServices(config);
    if (serverState) {
      hydrateServerState(created.queryClient, serverState);
    }
    return created;
  });
  const [router] = useState(() => madeRouter ?? createBrowserRouter(appRoutes));
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
