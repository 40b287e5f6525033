import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function UserSettingsPage() {
  return <AdminPage title={messages.admin.pages.userSettings} />;
}
