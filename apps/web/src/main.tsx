import './styles.css';
import { hasStoredSession, paintAfterStoredUserCheck } from '@hiwar/client';
import { FORMATTING_WARM_UPS } from '@hiwar/ui';
import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { readServerState, resolveLazyRoutes } from './lib/server-render.ts';
import { appRoutes } from './routes/app.routes.tsx';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}
const root = container;

/** The browser renders on its own: a page the server did not render, or a signed-in visit. */
function render(): void {
  paintAfterStoredUserCheck(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

/** Lets the browser paint and answer input before the next step (a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server rendered this page signed out (issue 26): a visitor's browser takes over that markup
// (hydration) once the screen's code is here. A phone spends a few hundred milliseconds on it, so it
// goes in steps the browser can paint and answer taps between: the locale's and time zone's data (each
// kind's first formatting), the router (it writes the history entry's state), then React, in a
// transition so it renders in slices. A signed-in browser renders its own page over it.
async function hydrate(serverState: DehydratedState): Promise<void> {
  await resolveLazyRoutes(appRoutes, window.location.pathname);
  for (const warmUp of FORMATTING_WARM_UPS) {
    await nextTask();
    warmUp();
  }
  await nextTask();
  const router = createBrowserRouter(appRoutes);
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App serverState={serverState} router={router} />
      </StrictMode>,
    );
  });
}

const serverState = readServerState();
if (serverState && root.hasChildNodes() && !hasStoredSession()) {
  hydrate(serverState).catch(render);
} else {
  render();
}
