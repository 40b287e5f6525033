import { adminMessages, invoicesMessages, Tabs, TabsContent, TabsList, TabsTrigger } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LiveUpdates } from '../../components/live-updates.tsx';
import { InvoicesPanel } from '../../features/invoices/components/invoices-panel.tsx';
import { WithdrawMethodsPanel } from '../../features/invoices/components/withdraw-methods-panel.tsx';
import { useInvoicesTab } from '../../features/invoices/hooks/use-invoices-tab.ts';

const text = invoicesMessages.admin;

/**
 * `/invoices` (SuperAdmin, RegularAdmin): the tutors' withdrawal requests, filtered and settled along
 * rules.md's table and refreshed live, and the withdraw methods' limits and flags.
 */
export function InvoicesPage() {
  const [tab, setTab] = useInvoicesTab();
  return (
    <AdminPage title={adminMessages.pages.invoices} description={text.description}>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={text.sections}>
          <TabsTrigger value="requests">{text.requestsTab}</TabsTrigger>
          <TabsTrigger value="methods">{text.methodsTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="requests">
          <LiveUpdates>
            <InvoicesPanel />
          </LiveUpdates>
        </TabsContent>
        <TabsContent value="methods">
          <WithdrawMethodsPanel />
        </TabsContent>
      </Tabs>
    </AdminPage>
  );
}
