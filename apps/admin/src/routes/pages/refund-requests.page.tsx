import { subscriptionManageMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { RefundRequestsPanel } from '../../features/billing/components/refund-requests-panel.tsx';

const text = subscriptionManageMessages.admin;

/** `/refund-requests` (SuperAdmin, RegularAdmin; decision 0042): students' requests for money back. */
export function RefundRequestsPage() {
  return (
    <AdminPage title={text.title} description={text.description}>
      <RefundRequestsPanel />
    </AdminPage>
  );
}
