import {
  accountMessages,
  PageContainer,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export interface SettingsTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The settings screen: a page header and tabs whose choice lives in `?tab=`, so a link can open one
 * (the profile's "verify now") and reloads keep it. On phones the tab row scrolls sideways.
 */
export function SettingsTabs({ description, tabs }: { description: string; tabs: readonly SettingsTab[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.some((tab) => tab.value === requested)
    ? (requested as string)
    : (tabs[0]?.value ?? '');

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <PageHeader title={accountMessages.settings.title} description={description} />
        <Tabs
          value={current}
          onValueChange={(value) => {
            const next = new URLSearchParams(params);
            next.set('tab', value);
            setParams(next, { replace: true });
          }}
        >
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabsList aria-label={accountMessages.settings.sections} className="min-w-full">
              {tabs.map((tab) => (
                <TabsTrigger key={tab.value} value={tab.value} className="shrink-0">
                  {tab.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {tabs.map((tab) => (
            <TabsContent key={tab.value} value={tab.value} className="flex flex-col gap-5">
              {tab.content}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </PageContainer>
  );
}
