import './styles.css';
import { paintAfterStoredUserCheck } from '@hiwar/client';
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

paintAfterStoredUserCheck(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
