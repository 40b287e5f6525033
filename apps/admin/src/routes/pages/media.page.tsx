import { adminDashboardMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { MediaPanel } from '../../features/media/components/media-panel.tsx';

/** `/media` (SuperAdmin, RegularAdmin): every stored file, who owns it, what uses it; orphans removed by a SuperAdmin. */
export function MediaPage() {
  return (
    <AdminPage
      title={adminDashboardMessages.pages.media}
      description={adminDashboardMessages.media.description}
    >
      <MediaPanel />
    </AdminPage>
  );
}
