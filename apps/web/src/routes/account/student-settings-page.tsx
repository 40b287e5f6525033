import { useSession } from '@hiwar/client';
import { accountMessages, lessonsMessages, supportMessages } from '@hiwar/ui';
import { FavouriteTopicsForm } from '../../features/account/components/favourite-topics-form.tsx';
import { NotificationMethodForm } from '../../features/account/components/notification-method-form.tsx';
import { PasswordChangeForm } from '../../features/account/components/password-change-form.tsx';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form.tsx';
import { SettingsSection } from '../../features/account/components/settings-section.tsx';
import { SettingsTabs } from '../../features/account/components/settings-tabs.tsx';
import {
  EmailVerificationPanel,
  PhoneVerificationPanel,
} from '../../features/account/components/verification-panels.tsx';
import { SupportActions } from '../../features/support/index.ts';

const text = accountMessages.settings;

/**
 * `/s/settings` (`/s/settings-v2` redirects here): personal details, password, notification method,
 * favourite topics, and e-mail and phone verification.
 */
export function StudentSettingsPage() {
  const { user } = useSession();
  if (!user) {
    return null;
  }
  return (
    <SettingsTabs
      description={text.subtitle}
      tabs={[
        {
          value: 'personal',
          label: text.tabs.personal,
          content: (
            <SettingsSection title={text.personal.title} description={text.personal.description}>
              <ProfileDetailsForm
                key={user.updatedAt}
                user={user}
                fields={['name', 'city', 'gender', 'birthYear']}
                optional={['gender', 'birthYear']}
              />
            </SettingsSection>
          ),
        },
        {
          value: 'password',
          label: text.tabs.password,
          content: <PasswordSection />,
        },
        {
          value: 'notifications',
          label: text.tabs.notifications,
          content: (
            <SettingsSection title={text.notifications.title} description={text.notifications.description}>
              <NotificationMethodForm key={user.notificationMethod ?? 'none'} user={user} />
            </SettingsSection>
          ),
        },
        {
          value: 'topics',
          label: lessonsMessages.favouriteTopics.tab,
          content: (
            <SettingsSection
              title={lessonsMessages.favouriteTopics.title}
              description={lessonsMessages.favouriteTopics.description}
            >
              <FavouriteTopicsForm />
            </SettingsSection>
          ),
        },
        {
          value: 'verification',
          label: text.tabs.verification,
          content: (
            <>
              <EmailVerificationPanel user={user} />
              <PhoneVerificationPanel user={user} />
            </>
          ),
        },
        {
          value: 'help',
          label: supportMessages.settings.tab,
          content: (
            <SettingsSection
              title={supportMessages.settings.title}
              description={supportMessages.settings.description}
            >
              <SupportActions />
            </SettingsSection>
          ),
        },
      ]}
    />
  );
}

/** The password card, worded for setting a first password on a Google-only account. */
export function PasswordSection() {
  const { user } = useSession();
  if (!user) {
    return null;
  }
  return (
    <SettingsSection
      title={user.hasPassword ? text.password.title : text.password.setTitle}
      description={user.hasPassword ? text.password.description : text.password.setDescription}
    >
      <PasswordChangeForm user={user} />
    </SettingsSection>
  );
}
