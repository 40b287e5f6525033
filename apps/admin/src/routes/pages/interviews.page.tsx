import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function InterviewsPage() {
  return <AdminPage title={messages.admin.pages.interviews} />;
}
