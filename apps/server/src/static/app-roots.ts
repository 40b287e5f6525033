import path from 'node:path';
import { REPO_ROOT } from '../config.ts';

/** Where `vite build` leaves each front end. */
export const webRoot = () => path.join(REPO_ROOT, 'apps/web/dist');
export const adminRoot = () => path.join(REPO_ROOT, 'apps/admin/dist');
export const landingRoot = () => path.join(REPO_ROOT, 'apps/landing/dist');
