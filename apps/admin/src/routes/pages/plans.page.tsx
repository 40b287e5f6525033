import {
  Alert,
  adminMessages,
  adminPaymentsMessages,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@hiwar/ui';
import { Package, TicketPercent, UserRoundPlus } from 'lucide-react';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { CouponsPanel } from '../../features/plans/components/coupons-panel.tsx';
import { InvitesPanel } from '../../features/plans/components/invites-panel.tsx';
import { PlansPanel } from '../../features/plans/components/plans-panel.tsx';
import { usePlansTab } from '../../features/plans/hooks/use-plans-tab.ts';
import { canManagePlans } from '../../lib/staff-access.ts';

const text = adminPaymentsMessages.page;

/**
 * `/plans`: plans, coupons and invites as three tabs (the spec's sidebar has one entry for them).
 * SuperAdmins manage all three; RegularAdmins see them read-only.
 */
export function PlansPage() {
  const viewer = useStaffUser();
  const canManage = canManagePlans(viewer.role);
  const [tab, setTab] = usePlansTab();
  return (
    <AdminPage title={adminMessages.pages.plans} description={text.description}>
      {canManage ? null : (
        <Alert tone="info" className="mb-5">
          {text.readOnly}
        </Alert>
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={text.tabs} className="flex w-full overflow-x-auto">
          <TabsTrigger value="plans">
            <Package aria-hidden="true" className="size-4" />
            {text.plans}
          </TabsTrigger>
          <TabsTrigger value="coupons">
            <TicketPercent aria-hidden="true" className="size-4" />
            {text.coupons}
          </TabsTrigger>
          <TabsTrigger value="invites">
            <UserRoundPlus aria-hidden="true" className="size-4" />
            {text.invites}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="plans">
          <PlansPanel canManage={canManage} />
        </TabsContent>
        <TabsContent value="coupons">
          <CouponsPanel canManage={canManage} />
        </TabsContent>
        <TabsContent value="invites">
          <InvitesPanel canManage={canManage} />
        </TabsContent>
      </Tabs>
    </AdminPage>
  );
}
