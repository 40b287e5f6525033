import { supportMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { LiveUpdates } from '../../components/live-updates.tsx';
import { ContactRequestsInbox } from '../../features/support/components/contact-requests-inbox.tsx';

/** `/contact-requests` (SuperAdmin, RegularAdmin): the public site's contact form, marked handled. */
export function ContactRequestsPage() {
  return (
    <AdminPage
      title={supportMessages.adminPages.contactRequests}
      description={supportMessages.adminContactRequests.description}
    >
      <LiveUpdates>
        <ContactRequestsInbox />
      </LiveUpdates>
    </AdminPage>
  );
}
