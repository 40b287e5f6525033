import './styles.css';
import { hasStoredSession, loadStoredUserCheck } from '@hiwar/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { loadArabicFont } from './lib/fonts.ts';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

// Before anything renders: the first screen shows no text until its route has loaded (lib/fonts.ts).
loadArabicFont().catch((error: unknown) => console.debug('[fonts] Cairo failed to load', error));

// A stored session's user is checked against its schema, a chunk of its own that a visitor's first
// screen never downloads: a signed-in visit waits for it, so the first paint already shows the account.
// A promise chain, not a top-level await: that chunk imports from this entry chunk, which must finish
// evaluating first, or both wait on each other and nothing ever paints.
function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (hasStoredSession()) {
  loadStoredUserCheck()
    .catch((error: unknown) => console.debug('[session] the stored user check failed to load', error))
    .finally(() => render(container));
} else {
  render(container);
}
