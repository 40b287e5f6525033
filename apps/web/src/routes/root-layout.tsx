import { messages } from '@hiwar/ui';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { ChatEvents } from '../features/chat/index.ts';
import { useLiveRefresh } from '../features/lessons/hooks/use-live-refresh.ts';
import { PaymentEventsToast } from '../features/payments/components/payment-events-toast.tsx';

export function RootLayout() {
  useLiveRefresh();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 font-semibold text-brand-foreground focus:not-sr-only focus:fixed focus:start-4 focus:top-3"
      >
        {messages.common.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <PaymentEventsToast />
      <ChatEvents />
      <ScrollRestoration />
    </div>
  );
}
