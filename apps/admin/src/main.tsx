import './styles.css';
import { hasStoredSession, paintAfterStoredUserCheck } from '@hiwar/client';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { loadArabicFont } from './lib/fonts.ts';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}
const root = container;

// Before anything renders: the first screen shows no text until its route has loaded (lib/fonts.ts).
loadArabicFont().catch((error: unknown) => console.debug('[fonts] Cairo failed to load', error));

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server rendered the sign-in screen (issue 26, entry-server.tsx): a signed-out browser takes over
// that markup, in a transition so that React works in slices and a phone stays responsive; the screen's
// lazily loaded code keeps the server's markup on show until it arrives. A stored session renders its
// own page over it.
if (root.hasChildNodes() && !hasStoredSession()) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  paintAfterStoredUserCheck(() => createRoot(root).render(app));
}
