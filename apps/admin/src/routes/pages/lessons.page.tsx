import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function LessonsPage() {
  return <AdminPage title={messages.admin.pages.lessons} />;
}
