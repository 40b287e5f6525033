import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { metaFor } from './route-meta.ts';

/**
 * Keeps the tab title and description right after client-side navigation; the first load already has
 * them from the prerendered `<head>`.
 */
export function useDocumentMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { title, description } = metaFor(pathname);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [pathname]);
}
