import { adminMessages, adminUsersMessages } from '@hiwar/ui';
import { AdminPage } from '../../components/admin-page.tsx';
import { useStaffUser } from '../../components/staff-guard.tsx';
import { AvatarCard } from '../../features/account/components/avatar-card.tsx';
import { PasswordForm } from '../../features/account/components/password-form.tsx';
import { ProfileForm } from '../../features/account/components/profile-form.tsx';

/** `/user-settings`: the signed-in staff member's own avatar, name, phone and password. */
export function UserSettingsPage() {
  const user = useStaffUser();
  return (
    <AdminPage title={adminMessages.pages.userSettings} description={adminUsersMessages.settings.description}>
      <div className="flex max-w-3xl flex-col gap-6">
        <AvatarCard user={user} />
        <ProfileForm key={`profile-${user.id}`} user={user} />
        <PasswordForm key={`password-${user.id}`} user={user} />
      </div>
    </AdminPage>
  );
}
