import { useInterviewEvents, useInterviews } from '@hiwar/client';
import { INTERVIEW_STATUSES, type Interview, type InterviewStatus, Role } from '@hiwar/domain';
import {
  adminInterviewsMessages,
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  Input,
} from '@hiwar/ui';
import { BadgeCheck, Eye, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { canSignInterviews, isAdminRole } from '../../../lib/staff-access.ts';
import {
  INTERVIEWS_PAGE_SIZE,
  interviewListQuery,
  useInterviewListParams,
} from '../hooks/use-interview-list-params.ts';
import {
  InterviewStatusBadge,
  isSignable,
  levelLabel,
  memberName,
  SignedBadge,
} from './interview-badges.tsx';
import { InterviewDetailDialog } from './interview-detail-dialog.tsx';
import { SignInterviewDialog } from './sign-interview-dialog.tsx';

const text = adminInterviewsMessages.list;
const statusText = adminInterviewsMessages.status;

const INTERVIEWER_ROLES = [Role.TutorManager] as const;
const INTERVIEWEE_ROLES = [Role.Tutor] as const;

/**
 * Interviews filtered by interviewer and tutor (chosen by name), a name search, status, signed and Cairo
 * dates, newest first, with every filter, the page and the open interview in the address. Admins see
 * all (a TutorManager only those they conduct, so no interviewer filter); a SuperAdmin signs a passed
 * interview after confirming. Booked and changed interviews arrive live over the socket. Render inside
 * `LiveUpdates`.
 */
export function InterviewsPanel() {
  const viewer = useStaffUser();
  const isAdmin = isAdminRole(viewer.role);
  const canSign = canSignInterviews(viewer.role);
  const { params, update, open, reset, hasFilters } = useInterviewListParams();
  const interviews = useInterviews(interviewListQuery(params));
  const [signing, setSigning] = useState<Interview | null>(null);
  useInterviewEvents();
  const total = interviews.data?.total ?? 0;
  const list = interviews.data?.list ?? [];

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {isAdmin ? (
          <UserPicker
            label={text.interviewer}
            placeholder={text.interviewerPlaceholder}
            roles={INTERVIEWER_ROLES}
            value={params.interviewerId}
            onChange={(id) => update({ interviewerId: id })}
          />
        ) : null}
        <UserPicker
          label={text.interviewee}
          placeholder={text.intervieweePlaceholder}
          roles={INTERVIEWEE_ROLES}
          value={params.intervieweeId}
          onChange={(id) => update({ intervieweeId: id })}
        />
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
        <FormField label={text.status}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.status ?? ''}
            onChange={(event) =>
              update({
                status: event.target.value ? (Number(event.target.value) as InterviewStatus) : undefined,
              })
            }
          >
            <option value="">{text.anyStatus}</option>
            {INTERVIEW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusText[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={text.signedFilter}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.signed === undefined ? '' : String(params.signed)}
            onChange={(event) =>
              update({ signed: event.target.value === '' ? undefined : event.target.value === 'true' })
            }
          >
            <option value="">{text.anySigned}</option>
            <option value="true">{text.onlySigned}</option>
            <option value="false">{text.onlyUnsigned}</option>
          </select>
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={text.from}>
            <Input
              type="date"
              value={params.from ?? ''}
              max={params.to}
              onChange={(event) => update({ from: event.target.value || undefined })}
            />
          </FormField>
          <FormField label={text.to}>
            <Input
              type="date"
              value={params.to ?? ''}
              min={params.from}
              onChange={(event) => update({ to: event.target.value || undefined })}
            />
          </FormField>
        </div>
        {hasFilters ? (
          <div className="flex items-end sm:col-span-full">
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.reset}
            </Button>
          </div>
        ) : null}
      </div>
      {interviews.isLoading ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : interviews.isError ? (
        <ErrorState
          title={text.loadFailed}
          error={interviews.error}
          onRetry={() => void interviews.refetch()}
        />
      ) : total === 0 ? (
        <EmptyState icon={<MessagesSquare />} title={text.empty} />
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
                  <th className={t.headCell}>{text.interviewer}</th>
                  <th className={t.headCell}>{text.time}</th>
                  <th className={t.headCell}>{text.status}</th>
                  <th className={t.headCell}>{text.level}</th>
                  <th className={t.headCell}>{text.signedColumn}</th>
                  <th className={t.headCell}>{text.actions}</th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {list.map((interview) => {
                  const tutorName = memberName(interview.interviewee);
                  return (
                    <tr key={interview.id} className={t.row}>
                      <td className={t.cell}>
                        <Link
                          to={`/tutor/${interview.interviewee.id}`}
                          className="font-semibold text-foreground hover:text-brand focus-visible:underline"
                        >
                          {tutorName}
                        </Link>
                      </td>
                      <td className={t.cell}>{memberName(interview.interviewer)}</td>
                      <td className={`${t.cell} whitespace-nowrap`}>{formatDateTime(interview.start)}</td>
                      <td className={t.cell}>
                        <InterviewStatusBadge status={interview.status} />
                      </td>
                      <td className={`${t.cell} whitespace-nowrap`}>{levelLabel(interview.level)}</td>
                      <td className={t.cell}>
                        <SignedBadge interview={interview} />
                      </td>
                      <td className={t.cell}>
                        <div className="flex items-center gap-1">
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={text.detailsOf(tutorName)}
                            onClick={() => open(interview.id)}
                          >
                            <Eye aria-hidden="true" className="size-4" />
                            {text.details}
                          </Button>
                          {canSign && isSignable(interview) ? (
                            <Button
                              variant="secondary"
                              size="sm"
                              aria-label={text.signOf(tutorName)}
                              onClick={() => setSigning(interview)}
                            >
                              <BadgeCheck aria-hidden="true" className="size-4" />
                              {text.sign}
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
            pageSize={INTERVIEWS_PAGE_SIZE}
            total={total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      <InterviewDetailDialog
        id={params.openId}
        fromList={list.find((interview) => interview.id === params.openId)}
        canSign={canSign}
        onSign={setSigning}
        onClose={() => open(undefined)}
      />
      <SignInterviewDialog interview={signing} onClose={() => setSigning(null)} />
    </div>
  );
}
