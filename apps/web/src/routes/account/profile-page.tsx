import { useSession } from '@hiwar/client';
import { isTutorLike, type Role } from '@hiwar/domain';
import {
  accountMessages,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  formatDate,
  messages,
  PageContainer,
  PageHeader,
} from '@hiwar/ui';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { settingsPathFor } from '../../components/layout/nav-items.ts';
import { ProfileAvatarUpload } from '../../features/account/components/profile-avatar-upload.tsx';
import { VerifiedBadge } from '../../features/account/components/verification-panels.tsx';
import { governorateName } from '../../features/account/lib/options.ts';

const text = accountMessages.profile;
const fields = accountMessages.fields;

/** `/profile`: the signed-in user's card (avatar upload, name, e-mail, phone, governorate, role). */
export function ProfilePage() {
  const { user, tutor } = useSession();
  if (!user) {
    return null;
  }
  const settingsPath = settingsPathFor(user) ?? '/profile';
  const verificationPath = `${settingsPath}?tab=${isTutorLike(user.role as Role) ? 'account' : 'verification'}`;
  const role = Object.hasOwn(messages.roles, user.role) ? messages.roles[user.role] : null;
  const city = governorateName(user.city);
  const notSet = <span className="text-muted-foreground">{text.notSet}</span>;

  return (
    <PageContainer className="py-8 sm:py-12">
      <div className="mx-auto max-w-4xl">
        <PageHeader
          title={text.title}
          description={text.subtitle}
          actions={
            settingsPathFor(user) ? (
              <Button asChild variant="secondary">
                <Link to={settingsPath}>
                  <Pencil aria-hidden="true" />
                  {text.edit}
                </Link>
              </Button>
            ) : null
          }
        />
        <div className="flex flex-col gap-5">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{text.photoTitle}</CardTitle>
              <CardDescription>{text.photoText}</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileAvatarUpload user={user} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">{text.detailsTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-border">
                <Row label={fields.name}>{user.name ?? notSet}</Row>
                <Row label={fields.email}>
                  <span className="flex flex-wrap items-center gap-2">
                    <span dir="ltr" className="break-all">
                      {user.email}
                    </span>
                    <VerifiedBadge verified={user.verifiedEmail} />
                    {user.verifiedEmail ? null : (
                      <Link to="/verify-email" className="text-sm font-semibold text-brand hover:underline">
                        {text.verifyNow}
                      </Link>
                    )}
                  </span>
                </Row>
                <Row label={fields.phone}>
                  {user.phone ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <span dir="ltr">{user.phone}</span>
                      <VerifiedBadge verified={user.verifiedPhone} />
                      {user.verifiedPhone ? null : (
                        <Link
                          to={verificationPath}
                          className="text-sm font-semibold text-brand hover:underline"
                        >
                          {text.verifyNow}
                        </Link>
                      )}
                    </span>
                  ) : (
                    <span className="flex flex-wrap items-center gap-2">
                      {notSet}
                      <Link
                        to={verificationPath}
                        className="text-sm font-semibold text-brand hover:underline"
                      >
                        {text.add}
                      </Link>
                    </span>
                  )}
                </Row>
                <Row label={fields.city}>{city ?? notSet}</Row>
                {tutor ? <Row label={fields.bio}>{tutor.bio ?? notSet}</Row> : null}
                <Row label={text.role}>{role ?? notSet}</Row>
                <Row label={text.memberSince}>
                  {formatDate(user.createdAt, { dateStyle: 'long', timeZone: user.timezone })}
                </Row>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3.5 first:pt-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium text-foreground">{children}</dd>
    </div>
  );
}
