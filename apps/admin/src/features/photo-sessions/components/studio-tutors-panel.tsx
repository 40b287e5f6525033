import { useStudioTutors } from '@hiwar/client';
import type { StudioTutor, User } from '@hiwar/domain';
import {
  Avatar,
  adminInterviewsMessages,
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
} from '@hiwar/ui';
import { Camera, UserCog, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Switch } from '../../../components/switch.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { displayName } from '../../../lib/labels.ts';
import { STUDIO_PAGE_SIZE, studioListQuery, useStudioListParams } from '../hooks/use-studio-list-params.ts';
import { useStudioMembers } from '../hooks/use-studio-members.ts';
import { AssignStudioDialog } from './assign-studio-dialog.tsx';
import { MediaBadges } from './media-badges.tsx';

const text = adminInterviewsMessages.studioList;

export interface StudioTutorsPanelProps {
  /** Admins pick a studio and assign tutors; a Studio member sees only their own tutors. */
  isAdmin: boolean;
}

/**
 * The photo-session work list: tutors with the media they still lack, searchable, "only missing",
 * paged, all in the address. Admins filter by Studio member (or the unassigned) and assign each tutor
 * to one; a Studio member gets the tutors assigned to them and no assign action. Each row opens
 * `/photo-session/{tutorId}`.
 */
export function StudioTutorsPanel({ isAdmin }: StudioTutorsPanelProps) {
  return isAdmin ? <WithStudios /> : <TutorsList studios={null} />;
}

function WithStudios() {
  const members = useStudioMembers();
  return <TutorsList studios={members.data?.list ?? []} studiosFailed={members.isError} />;
}

function TutorsList({
  studios,
  studiosFailed = false,
}: {
  /** Studio members (admins), or `null` for a Studio member's own list. */
  studios: readonly User[] | null;
  studiosFailed?: boolean;
}) {
  const isAdmin = studios !== null;
  const missingId = useId();
  const { params, update, reset, hasFilters } = useStudioListParams();
  const tutors = useStudioTutors(studioListQuery(params, isAdmin));
  const [assigning, setAssigning] = useState<StudioTutor | null>(null);
  const total = tutors.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid items-end gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {isAdmin ? (
          <FormField label={text.studio} hint={studiosFailed ? text.studiosFailed : undefined}>
            <select
              className={`${fieldControlClassName} h-11`}
              value={params.studio === undefined ? '' : String(params.studio)}
              onChange={(event) => {
                const value = event.target.value;
                update({ studio: value === '' ? undefined : value === 'none' ? 'none' : Number(value) });
              }}
            >
              <option value="">{text.allStudios}</option>
              <option value="none">{text.unassigned}</option>
              {studios.map((studio) => (
                <option key={studio.id} value={studio.id}>
                  {displayName(studio)}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold text-foreground" aria-hidden="true">
            {text.search}
          </span>
          <SearchField
            label={text.search}
            placeholder={text.searchPlaceholder}
            clearLabel={text.clearSearch}
            value={params.search}
            onSearch={(search) => update({ search }, { replace: true })}
          />
        </div>
        <div className="flex h-11 items-center gap-3">
          <Switch
            id={missingId}
            checked={params.missing}
            onCheckedChange={(missing) => update({ missing })}
          />
          <label htmlFor={missingId} className="text-sm font-semibold text-foreground">
            {text.onlyMissing}
          </label>
        </div>
        {hasFilters ? (
          <div className="flex items-end sm:col-span-full">
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.reset}
            </Button>
          </div>
        ) : null}
      </div>
      {tutors.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : tutors.isError ? (
        <ErrorState title={text.loadFailed} error={tutors.error} onRetry={() => void tutors.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<UsersRound />} title={params.missing ? text.emptyMissing : text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.total(total)}
          </p>
          <div className="overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>{text.tutor}</th>
                  <th className={t.headCell}>{text.contact}</th>
                  <th className={t.headCell}>{text.media}</th>
                  {isAdmin ? <th className={t.headCell}>{text.assignedStudio}</th> : null}
                  <th className={t.headCell}>{text.actions}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {tutors.data?.list.map((tutor) => {
                  const name = displayName(tutor);
                  return (
                    <tr key={tutor.id} className={t.row}>
                      <td className={t.cell}>
                        <div className="flex items-center gap-2.5">
                          <span aria-hidden="true" className="flex shrink-0">
                            <Avatar decorative name={name} src={tutor.image} size="sm" />
                          </span>
                          <Link
                            to={`/photo-session/${tutor.id}`}
                            className="font-semibold text-foreground hover:text-brand focus-visible:underline"
                          >
                            {name}
                          </Link>
                        </div>
                      </td>
                      <td className={t.cell}>
                        <div className="flex flex-col text-xs text-muted-foreground">
                          <span dir="ltr" className="text-end">
                            {tutor.email}
                          </span>
                          {tutor.phone ? (
                            <span dir="ltr" className="text-end">
                              {tutor.phone}
                            </span>
                          ) : null}
                        </div>
                      </td>
                      <td className={t.cell}>
                        <MediaBadges missing={tutor.missing} />
                      </td>
                      {isAdmin ? (
                        <td className={t.cell}>
                          {tutor.studio ? (
                            (tutor.studio.name ?? adminInterviewsMessages.unknownPerson(tutor.studio.id))
                          ) : (
                            <span className="text-muted-foreground">{text.noStudio}</span>
                          )}
                        </td>
                      ) : null}
                      <td className={t.cell}>
                        <div className="flex items-center gap-1">
                          <Button asChild variant="ghost" size="sm">
                            <Link to={`/photo-session/${tutor.id}`} aria-label={text.openOf(name)}>
                              <Camera aria-hidden="true" className="size-4" />
                              {text.open}
                            </Link>
                          </Button>
                          {isAdmin ? (
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={text.assignOf(name)}
                              onClick={() => setAssigning(tutor)}
                            >
                              <UserCog aria-hidden="true" className="size-4" />
                              {text.assign}
                            </Button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            label={text.table}
            page={params.page}
            pageSize={STUDIO_PAGE_SIZE}
            total={total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      {isAdmin ? (
        <AssignStudioDialog tutor={assigning} studios={studios} onClose={() => setAssigning(null)} />
      ) : null}
    </div>
  );
}
