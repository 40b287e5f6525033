import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function PhotoSessionPage() {
  return <AdminPage title={messages.admin.pages.photoSession} />;
}
