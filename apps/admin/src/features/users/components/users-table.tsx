import type { User } from '@hiwar/domain';
import { Avatar, adminUsersMessages, cn, formatDate, messages } from '@hiwar/ui';
import { BadgeCheck } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '../../../components/skeleton.tsx';
import { governorateLabel } from '../../../lib/governorate-label.ts';
import { displayName } from '../../../lib/labels.ts';
import { RoleBadge } from './role-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

const text = adminUsersMessages.users;
const columns = text.columns;

/** Columns that give way on narrow screens (the name cell repeats the e-mail there). */
const hide = {
  email: 'max-md:hidden',
  phone: 'max-md:hidden',
  city: 'max-lg:hidden',
  createdAt: 'max-lg:hidden',
} as const;

const cell = 'px-4 py-3 align-middle';
const headCell = 'px-4 py-2.5 text-start text-xs font-semibold whitespace-nowrap text-muted-foreground';

function TableHead() {
  return (
    <thead className="border-b border-border bg-surface-muted/60">
      <tr>
        <th scope="col" className={headCell}>
          {columns.user}
        </th>
        <th scope="col" className={cn(headCell, hide.email)}>
          {columns.email}
        </th>
        <th scope="col" className={headCell}>
          {columns.role}
        </th>
        <th scope="col" className={cn(headCell, hide.city)}>
          {columns.city}
        </th>
        <th scope="col" className={cn(headCell, hide.phone)}>
          {columns.phone}
        </th>
        <th scope="col" className={cn(headCell, hide.createdAt)}>
          {columns.createdAt}
        </th>
      </tr>
    </thead>
  );
}

function NotSet() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{adminUsersMessages.notSet}</span>
    </span>
  );
}

/** Row clicks open the user, unless the click was on a link, was a modified click, or selected text. */
function shouldOpenRow(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('a, button') || event.button !== 0) {
    return false;
  }
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  return !window.getSelection()?.toString();
}

export interface UsersTableProps {
  users: readonly User[];
  /** Dims the rows while a newer page or filter loads over them. */
  isStale?: boolean;
}

/**
 * The users as a table. Each name is a real link (keyboard, new tab); the whole row also opens the
 * user on click, as staff expect from a back-office table.
 */
export function UsersTable({ users, isStale = false }: UsersTableProps) {
  const navigate = useNavigate();
  return (
    <div className="relative overflow-x-auto">
      <table className={cn('w-full text-sm transition-opacity', isStale && 'opacity-60')}>
        <caption className="sr-only">{text.table}</caption>
        <TableHead />
        <tbody className="divide-y divide-border">
          {users.map((user) => {
            const name = displayName(user);
            return (
              <tr
                key={user.id}
                onClick={(event) => {
                  if (shouldOpenRow(event)) {
                    void navigate(`/user/${user.id}`);
                  }
                }}
                className="cursor-pointer transition-colors hover:bg-surface-muted/70"
              >
                <td className={cell}>
                  <div className="flex min-w-0 items-center gap-3">
                    {/* Decorative here: the name is written next to it. */}
                    <span aria-hidden="true" className="flex shrink-0">
                      <Avatar decorative name={name} src={user.image} size="md" />
                    </span>
                    <div className="flex min-w-0 flex-col">
                      <Link
                        to={`/user/${user.id}`}
                        className="truncate font-semibold text-foreground hover:text-brand focus-visible:underline"
                      >
                        {name}
                      </Link>
                      <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground md:hidden">
                        <span className="truncate" dir="ltr">
                          {user.email}
                        </span>
                        {user.verifiedEmail ? (
                          <BadgeCheck
                            aria-label={text.verified}
                            role="img"
                            className="size-3.5 shrink-0 text-success"
                          />
                        ) : null}
                      </span>
                    </div>
                  </div>
                </td>
                <td className={cn(cell, hide.email)}>
                  <div className="flex items-center gap-2">
                    <span className="max-w-64 truncate" dir="ltr">
                      {user.email}
                    </span>
                    <VerifiedBadge verified={user.verifiedEmail} />
                  </div>
                </td>
                <td className={cell}>
                  <RoleBadge role={user.role} />
                </td>
                <td className={cn(cell, 'whitespace-nowrap', hide.city)}>
                  {user.city ? governorateLabel(user.city) : <NotSet />}
                </td>
                <td className={cn(cell, 'whitespace-nowrap', hide.phone)}>
                  {user.phone ? <span dir="ltr">{user.phone}</span> : <NotSet />}
                </td>
                <td className={cn(cell, 'whitespace-nowrap text-muted-foreground', hide.createdAt)}>
                  <time dateTime={user.createdAt}>
                    {formatDate(user.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The table's shape with pulsing rows, while the first page loads. */
export function UsersTableSkeleton({ rows }: { rows: number }) {
  return (
    <div className="relative overflow-x-auto" aria-busy="true">
      <table className="w-full text-sm">
        <caption className="sr-only">{messages.common.loading}</caption>
        <TableHead />
        <tbody className="divide-y divide-border">
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
            <tr key={index}>
              <td className={cell}>
                <div className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <div className="flex flex-col gap-1.5">
                    <Skeleton className="h-3.5 w-28" />
                    <Skeleton className="h-3 w-36 md:hidden" />
                  </div>
                </div>
              </td>
              <td className={cn(cell, hide.email)}>
                <Skeleton className="h-3.5 w-44" />
              </td>
              <td className={cell}>
                <Skeleton className="h-5 w-16 rounded-full" />
              </td>
              <td className={cn(cell, hide.city)}>
                <Skeleton className="h-3.5 w-20" />
              </td>
              <td className={cn(cell, hide.phone)}>
                <Skeleton className="h-3.5 w-24" />
              </td>
              <td className={cn(cell, hide.createdAt)}>
                <Skeleton className="h-3.5 w-20" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
