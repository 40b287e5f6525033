import { NotFoundPage } from '@hiwar/ui';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

function AdminNotFound() {
  return <NotFoundPage homeHref="/" renderLink={(children, href) => <Link to={href}>{children}</Link>} />;
}

/** Unknown paths inside the shell. */
export function NotFoundRoute() {
  return <AdminNotFound />;
}

/** Any routing error, including a screen chunk that failed to load, shows the 404-style page (spec §2). */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route error]', error);
  }, [error]);
  return standalone ? (
    <main id="main" className="min-h-dvh bg-background">
      <AdminNotFound />
    </main>
  ) : (
    <AdminNotFound />
  );
}
