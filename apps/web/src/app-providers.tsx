import { SessionProvider, SocketProvider } from '@hiwar/client';
import { UiProvider } from '@hiwar/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppConfigProvider } from './lib/app-config.tsx';
import type { AppServices } from './lib/app-services.ts';

/** Data, session, realtime and design-system providers, outermost first. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <AppConfigProvider config={services.config}>
      <QueryClientProvider client={services.queryClient}>
        <SessionProvider client={services.api} store={services.tokenStore}>
          <SocketProvider manager={services.socketManager} serverKey={services.config.appServer}>
            <UiProvider>{children}</UiProvider>
          </SocketProvider>
        </SessionProvider>
      </QueryClientProvider>
    </AppConfigProvider>
  );
}
