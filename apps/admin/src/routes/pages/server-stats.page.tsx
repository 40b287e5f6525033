import { adminDashboardMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LiveUpdates } from '../../components/live-updates.tsx';
import { ServerStatsPanel } from '../../features/server-stats/components/server-stats-panel.tsx';

/** `/server-stats` (SuperAdmin): every server instance's live figures, side by side. */
export function ServerStatsPage() {
  return (
    <AdminPage
      title={adminDashboardMessages.pages.serverStats}
      description={adminDashboardMessages.serverStats.description}
    >
      <LiveUpdates>
        <ServerStatsPanel />
      </LiveUpdates>
    </AdminPage>
  );
}
