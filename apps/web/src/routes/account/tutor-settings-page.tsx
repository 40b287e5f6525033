import { useSession } from '@hiwar/client';
import { accountMessages, interviewsMessages, supportMessages } from '@hiwar/ui';
import { FavouriteTopicsForm } from '../../features/account/components/favourite-topics-form.tsx';
import { NotificationMethodForm } from '../../features/account/components/notification-method-form.tsx';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form.tsx';
import { SettingsSection } from '../../features/account/components/settings-section.tsx';
import { SettingsTabs } from '../../features/account/components/settings-tabs.tsx';
import { TutorProfileForm } from '../../features/account/components/tutor-profile-form.tsx';
import {
  EmailVerificationPanel,
  PhoneVerificationPanel,
} from '../../features/account/components/verification-panels.tsx';
import { SupportActions } from '../../features/support/index.ts';
import { PasswordSection } from './student-settings-page.tsx';

const text = accountMessages.settings;

/** `/t/settings`: the tutor's profile texts, personal details, and account (password, notifications, verification). */
export function TutorSettingsPage() {
  const { user, tutor } = useSession();
  if (!user) {
    return null;
  }
  return (
    <SettingsTabs
      description={text.tutorSubtitle}
      tabs={[
        {
          value: 'profile',
          label: text.tabs.profile,
          content: (
            <SettingsSection title={text.tutorProfile.title} description={text.tutorProfile.description}>
              <TutorProfileForm key={user.updatedAt} userId={user.id} tutor={tutor} />
            </SettingsSection>
          ),
        },
        {
          // The same picker as a student's favourites: for a tutor, what they teach (`/topic/of/user`).
          value: 'topics',
          label: interviewsMessages.onboarding.profile.topicsTab,
          content: (
            <SettingsSection
              title={interviewsMessages.onboarding.profile.topicsTitle}
              description={interviewsMessages.onboarding.profile.topicsDescription}
            >
              <FavouriteTopicsForm />
            </SettingsSection>
          ),
        },
        {
          value: 'personal',
          label: text.tabs.personal,
          content: (
            <SettingsSection title={text.personal.title} description={text.personal.description}>
              <ProfileDetailsForm
                key={user.updatedAt}
                user={user}
                fields={['name', 'city', 'gender', 'birthYear']}
              />
            </SettingsSection>
          ),
        },
        {
          value: 'account',
          label: text.tabs.account,
          content: (
            <>
              <PasswordSection />
              <SettingsSection title={text.notifications.title} description={text.notifications.description}>
                <NotificationMethodForm key={user.notificationMethod ?? 'none'} user={user} />
              </SettingsSection>
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
