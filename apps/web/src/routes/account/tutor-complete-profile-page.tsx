import { useSession } from '@hiwar/client';
import { accountMessages, Button, cn, formatNumber, PageContainer, PageHeader } from '@hiwar/ui';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form.tsx';
import { SettingsSection } from '../../features/account/components/settings-section.tsx';
import { TutorProfileForm } from '../../features/account/components/tutor-profile-form.tsx';
import { homePathFor, missingProfileFields } from '../../features/account/lib/redirects.ts';

const text = accountMessages.completeProfile;

/**
 * `/t/complete-profile`: the tutor's onboarding profile in two steps (personal details, then the texts
 * students read), next to the checklist of what a listed tutor needs (rules.md "Tutors").
 */
export function TutorCompleteProfilePage() {
  const { user, tutor } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(() => (user && missingProfileFields(user).length === 0 ? 2 : 1));
  if (!user) {
    return null;
  }
  const home = homePathFor(user);
  const checklist = [
    { label: text.checklist.emailVerified, done: user.verifiedEmail },
    { label: text.checklist.phoneVerified, done: Boolean(user.phone && user.verifiedPhone) },
    { label: text.checklist.personal, done: missingProfileFields(user).length === 0 },
    { label: text.checklist.texts, done: Boolean(tutor?.bio && tutor.about) },
    { label: text.checklist.media, done: Boolean(user.image && tutor?.video && tutor.thumbnail) },
    { label: text.checklist.interview, done: Boolean(tutor?.activated) },
  ];
  const steps = [text.personalSection, text.profileSection] as const;

  return (
    <PageContainer className="py-8 sm:py-12">
      <PageHeader title={text.tutorTitle} description={text.tutorSubtitle} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <ol className="flex gap-2" aria-label={text.tutorTitle}>
            {steps.map((label, index) => {
              const number = (index + 1) as 1 | 2;
              const current = number === step;
              return (
                <li
                  key={label}
                  aria-current={current ? 'step' : undefined}
                  className={cn(
                    'flex flex-1 items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold',
                    current
                      ? 'border-brand bg-brand-soft text-brand-soft-foreground'
                      : 'border-border text-muted-foreground',
                  )}
                >
                  <span
                    className={cn(
                      'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                      current ? 'bg-brand text-brand-foreground' : 'bg-surface-muted',
                    )}
                  >
                    {formatNumber(number)}
                  </span>
                  <span className="truncate">{label}</span>
                </li>
              );
            })}
          </ol>
          {step === 1 ? (
            <SettingsSection title={text.personalSection}>
              <ProfileDetailsForm
                user={user}
                fields={['name', 'city', 'phone', 'gender', 'birthYear']}
                submitLabel={text.submit}
                onSaved={() => setStep(2)}
              />
            </SettingsSection>
          ) : (
            <SettingsSection title={text.profileSection}>
              <TutorProfileForm
                userId={user.id}
                tutor={tutor}
                withNotice={false}
                submitLabel={text.submit}
                onSaved={() => void navigate(home, { replace: true })}
                secondaryAction={
                  <Button variant="ghost" onClick={() => setStep(1)}>
                    {text.personalSection}
                  </Button>
                }
              />
            </SettingsSection>
          )}
          <div className="flex justify-center sm:justify-start">
            <Button asChild variant="link">
              <Link to={home}>{text.skip}</Link>
            </Button>
          </div>
        </div>
        <aside className="rounded-2xl border border-border bg-surface p-5 shadow-card">
          <h2 className="mb-3 font-bold text-foreground">{text.checklistTitle}</h2>
          <ul className="flex flex-col gap-2.5">
            {checklist.map((item) => (
              <li key={item.label} className="flex items-start gap-2.5 text-sm">
                {item.done ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                ) : (
                  <CircleDashed aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                )}
                <span className={item.done ? 'text-foreground' : 'text-muted-foreground'}>
                  {item.label}
                  <span className="sr-only"> — {item.done ? text.done : text.pending}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </PageContainer>
  );
}
