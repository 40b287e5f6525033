import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function TutorPage() {
  return <AdminPage title={messages.admin.pages.tutor} />;
}
