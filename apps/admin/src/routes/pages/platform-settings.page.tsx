import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function PlatformSettingsPage() {
  return <AdminPage title={messages.admin.pages.platformSettings} />;
}
