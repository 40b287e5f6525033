import { messages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';

export function InvoicesPage() {
  return <AdminPage title={messages.admin.pages.invoices} />;
}
