import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function PhotoSessionsPage() {
  return <AdminPage title={messages.admin.pages.photoSessions} />;
}
