import { SessionProvider } from '@hiwar/client';
import { UiProvider } from '@hiwar/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppServices } from './lib/app-services.ts';
import { RuntimeConfigProvider } from './lib/runtime-config-context.tsx';
import { SocketOptionsProvider } from './lib/socket-options-context.tsx';

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <RuntimeConfigProvider config={services.config}>
      <QueryClientProvider client={services.queryClient}>
        <SessionProvider client={services.api} store={services.tokenStore}>
          <SocketOptionsProvider options={services.socket}>
            {/* Staff act on many rows at once: toasts stay clear of the table toolbar at the top. */}
            <UiProvider toastPosition="bottom-left">{children}</UiProvider>
          </SocketOptionsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
}
