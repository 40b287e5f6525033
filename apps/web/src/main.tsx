import './styles.css';
import { paintAfterStoredUserCheck } from '@hiwar/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

paintAfterStoredUserCheck(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
