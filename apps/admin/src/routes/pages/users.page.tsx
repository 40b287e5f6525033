import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function UsersPage() {
  return <AdminPage title={messages.admin.pages.users} />;
}
