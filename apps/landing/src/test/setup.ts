/**
 * Imported first by every component test: the root vitest config has no per-project setup files, and
 * without vitest globals Testing Library cannot register its own cleanup.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
