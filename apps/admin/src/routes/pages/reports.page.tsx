import { supportMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LiveUpdates } from '../../components/live-updates.tsx';
import { ReportsInbox } from '../../features/support/components/reports-inbox.tsx';

/** `/reports` (SuperAdmin, RegularAdmin): users' problem reports, their conversations, resolved or not. */
export function ReportsPage() {
  return (
    <AdminPage
      title={supportMessages.adminPages.reports}
      description={supportMessages.adminReports.description}
    >
      <LiveUpdates>
        <ReportsInbox />
      </LiveUpdates>
    </AdminPage>
  );
}
