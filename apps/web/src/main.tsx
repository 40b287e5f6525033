import './styles.css';
import { hasStoredSession, paintAfterStoredUserCheck } from '@hiwar/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

// The server rendered this page signed out (issue 26): a visitor's browser takes over that markup
// (hydration) once the screen's code is here. In a transition, so React works in slices and a slow
// phone's main thread stays free for taps. A signed-in browser renders its own page over it.
const serverState = readServerState();
if (serverState && root.hasChildNodes() && !hasStoredSession()) {
  resolveLazyRoutes(appRoutes, window.location.pathname).then(
    () =>
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App serverState={serverState} />
          </StrictMode>,
        );
      }),
    render,
  );
} else {
  render();
}
