import { NotFoundPage } from '@hiwar/ui';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

function HomeAwareNotFound() {
  return <NotFoundPage homeHref="/" renderLink={(children, href) => <Link to={href}>{children}</Link>} />;
}

/** Unknown paths. */
export function NotFoundRoute() {
  return <HomeAwareNotFound />;
}

/**
 * Any routing error (spec §2: a 404-style page with a title, a subtitle and a button). The error is logged
 * for developers; users never see a stack trace.
 */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route error]', error);
  }, [error]);
  if (standalone) {
    return (
      <main id="main" className="min-h-dvh bg-background">
        <HomeAwareNotFound />
      </main>
    );
  }
  return <HomeAwareNotFound />;
}
