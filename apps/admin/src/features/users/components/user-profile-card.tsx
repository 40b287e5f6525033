import type { User } from '@hiwar/domain';
import {
  accountMessages,
  adminUsersMessages,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  formatDateTime,
  formatNumber,
} from '@hiwar/ui';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/badge.tsx';
import { governorateLabel } from '../../../lib/governorate-label.ts';
import { RoleBadge } from './role-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

const text = adminUsersMessages.user;
const fields = text.fields;

export function NotSetValue() {
  return <span className="text-muted-foreground">{adminUsersMessages.notSet}</span>;
}

/** One label/value pair of a details list. */
export function Detail({
  label,
  children,
  span = 'half',
}: {
  label: ReactNode;
  children: ReactNode;
  /** `wide`: a whole row; `mobileWide`: a whole row on phones only (long values such as e-mails). */
  span?: 'half' | 'wide' | 'mobileWide';
}) {
  const spanClass = { half: undefined, wide: 'col-span-2', mobileWide: 'max-sm:col-span-2' }[span];
  return (
    <div className={spanClass}>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm text-foreground">{children}</dd>
    </div>
  );
}

const dateTime = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

/** The account's profile: contact, personal details, role, dates, credit score and lead source. */
export function UserProfileCard({ user }: { user: User }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.profile}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-5">
          <Detail label={fields.email} span="mobileWide">
            <span className="flex flex-wrap items-center gap-2">
              <span dir="ltr" className="break-all">
                {user.email}
              </span>
              <VerifiedBadge verified={user.verifiedEmail} />
            </span>
          </Detail>
          <Detail label={fields.phone} span="mobileWide">
            {user.phone ? (
              <span className="flex flex-wrap items-center gap-2">
                <span dir="ltr">{user.phone}</span>
                <Badge tone={user.verifiedPhone ? 'success' : 'neutral'}>
                  {user.verifiedPhone ? text.phoneVerified : text.phoneUnverified}
                </Badge>
              </span>
            ) : (
              <NotSetValue />
            )}
          </Detail>
          <Detail label={fields.city}>{user.city ? governorateLabel(user.city) : <NotSetValue />}</Detail>
          <Detail label={fields.gender}>
            {user.gender ? accountMessages.genders[user.gender] : <NotSetValue />}
          </Detail>
          <Detail label={fields.birthYear}>
            {user.birthYear ? text.birthYear(user.birthYear) : <NotSetValue />}
          </Detail>
          <Detail label={fields.role}>
            <RoleBadge role={user.role} />
          </Detail>
          <Detail label={fields.createdAt}>
            <time dateTime={user.createdAt}>{formatDateTime(user.createdAt, dateTime)}</time>
          </Detail>
          <Detail label={fields.updatedAt}>
            <time dateTime={user.updatedAt}>{formatDateTime(user.updatedAt, dateTime)}</time>
          </Detail>
          <Detail label={fields.creditScore}>{formatNumber(user.creditScore)}</Detail>
          <Detail label={fields.leadSource}>
            {user.leadSource ? (
              <span className="flex flex-wrap items-center gap-2">
                {text.leadSources[user.leadSource]}
                <span dir="ltr" className="text-xs text-muted-foreground">
                  /url/{user.leadSource}
                </span>
              </span>
            ) : (
              <span className="text-muted-foreground">{text.leadSourceDirect}</span>
            )}
          </Detail>
          <Detail label={fields.id}>{formatNumber(user.id, { useGrouping: false })}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
