import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function PlansPage() {
  return <AdminPage title={messages.admin.pages.plans} />;
}
