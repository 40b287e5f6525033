import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { MediaPanel } from '../../features/media/components/media-panel.tsx';

/** `/media` (SuperAdmin, RegularAdmin): every stored file, who owns it, what uses it; orphans removed by a SuperAdmin. */
export function MediaPage() {
  return (
    <AdminPage
      title={messages.adminDashboard.pages.media}
      description={messages.adminDashboard.media.description}
    >
      <MediaPanel />
    </AdminPage>
  );
}
