import { NotFoundPage, UiProvider } from '@hiwar/ui';
import { Link, Route, Routes } from 'react-router';
import { SiteLayout } from './components/site-layout.tsx';
import { HomePage } from './routes/home-page.tsx';
import { PricingPage } from './routes/pricing-page.tsx';

function NotFound() {
  return <NotFoundPage homeHref="/" renderLink={(children, href) => <Link to={href}>{children}</Link>} />;
}

/**
 * The marketing site. Only prerendered pages get a route: any other path must render the 404 page, both
 * in the static HTML the server answers with and after hydration, or the two would disagree.
 * Rendered inside `BrowserRouter` (entry-client) or `StaticRouter` (entry-server).
 */
export function App() {
  return (
    <UiProvider>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </UiProvider>
  );
}
