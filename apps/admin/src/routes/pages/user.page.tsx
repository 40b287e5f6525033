import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function UserPage() {
  return <AdminPage title={messages.admin.pages.user} />;
}
