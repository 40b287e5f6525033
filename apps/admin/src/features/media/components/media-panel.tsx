import { useMedia, useRemoveOrphanedMedia } from '@hiwar/client';
import { FILE_KINDS, type FileKind, type MediaFile, ROLES } from '@hiwar/domain';
import {
  adminDashboardMessages,
  Button,
  EmptyState,
  FormField,
  fieldControlClassName,
  formatDateTime,
  Input,
  messages,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { HardDrive, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useStaffUser } from '../../../components/staff-guard.tsx';
import { tableStyles as t } from '../../../components/table-styles.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { formatBytes } from '../../../lib/figures.ts';
import { displayName, roleLabel } from '../../../lib/labels.ts';
import { canRemoveOrphanedMedia } from '../../../lib/staff-access.ts';
import { MEDIA_PAGE_SIZE, mediaListQuery, useMediaListParams } from '../hooks/use-media-list-params.ts';
import { MediaPreviewButton, MediaThumb } from './media-preview.tsx';

const text = adminDashboardMessages.media;
const UPLOADED_FORMAT = { dateStyle: 'medium', timeStyle: 'short' } as const;

function Uses({ file }: { file: MediaFile }) {
  if (file.orphaned) {
    return <Badge tone="warning">{text.orphaned}</Badge>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {file.uses.map((use) => (
        <Badge key={use} tone="success">
          {text.uses[use]}
        </Badge>
      ))}
    </span>
  );
}

function Owner({ file }: { file: MediaFile }) {
  if (!file.owner) {
    return <span className="text-muted-foreground">{text.noOwner}</span>;
  }
  return (
    <span className="flex flex-col">
      <Link
        to={`/user/${file.owner.id}`}
        className="whitespace-nowrap font-semibold text-foreground hover:text-brand focus-visible:underline"
      >
        {displayName(file.owner)}
      </Link>
      <span className="whitespace-nowrap text-xs text-muted-foreground">{roleLabel(file.owner.role)}</span>
    </span>
  );
}

/** Removing orphans (SuperAdmin): how many may go, a confirmation, then the result in a toast. */
function RemoveOrphans({ removable }: { removable: number }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveOrphanedMedia();
  const { toast } = useToast();
  const showError = useErrorToast();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card p-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {text.removable(removable)}
      </p>
      <Button variant="danger" size="sm" disabled={removable === 0} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        {text.removeOrphans}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.confirmTitle}
        description={text.confirmBody(removable)}
        confirmLabel={text.confirm}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast({
                type: 'success',
                title: text.removed(answer.removed, formatBytes(answer.bytes)),
                ...(answer.more ? { description: text.more } : {}),
              });
            },
            onError: (error) => {
              setConfirming(false);
              showError(error);
            },
          })
        }
      />
    </div>
  );
}

/**
 * Every stored file with filters (kind, owner chosen by name, Cairo dates, orphans only) kept in the
 * address, its owner, what uses it and a preview; a SuperAdmin removes orphaned files.
 */
export function MediaPanel() {
  const viewer = useStaffUser();
  const { params, update, reset, hasFilters } = useMediaListParams();
  const media = useMedia(mediaListQuery(params));
  const orphanedId = useId();
  const total = media.data?.total ?? 0;
  const list = media.data?.list ?? [];

  return (
    <div className="flex flex-col gap-4">
      {canRemoveOrphanedMedia(viewer.role) && media.data ? (
        <RemoveOrphans removable={media.data.removableOrphans} />
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is recent and unknown to the test DOM; the role means the same. */}
      <div
        role="search"
        aria-label={text.filters}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormField label={text.kind}>
          <select
            className={`${fieldControlClassName} h-11`}
            value={params.kind ?? ''}
            onChange={(event) => update({ kind: (event.target.value || undefined) as FileKind | undefined })}
          >
            <option value="">{text.anyKind}</option>
            {FILE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {text.kinds[kind]}
              </option>
            ))}
          </select>
        </FormField>
        <UserPicker
          label={text.owner}
          placeholder={text.ownerPlaceholder}
          roles={ROLES}
          value={params.ownerId}
          onChange={(id) => update({ ownerId: id })}
        />
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
        <div className="flex flex-wrap items-end justify-between gap-3">
          <label htmlFor={orphanedId} className="flex h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              id={orphanedId}
              type="checkbox"
              checked={params.orphaned}
              onChange={(event) => update({ orphaned: event.target.checked })}
              className="size-4 cursor-pointer rounded accent-brand"
            />
            {text.orphanedOnly}
          </label>
          {hasFilters ? (
            <Button type="button" variant="ghost" size="sm" onClick={reset}>
              {text.reset}
            </Button>
          ) : null}
        </div>
      </div>

      {media.isLoading ? (
        <div role="status" aria-label={messages.common.loading}>
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      ) : media.isError ? (
        <ErrorState title={text.loadFailed} error={media.error} onRetry={() => void media.refetch()} />
      ) : total === 0 ? (
        <EmptyState icon={<HardDrive />} title={text.empty} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {text.total(total)}
          </p>
          {/* `relative`: the header's screen-reader labels stay inside the scrolling box on phones. */}
          <div className="relative overflow-x-auto rounded-2xl border border-border bg-card">
            <table className={t.table} aria-label={text.table}>
              <thead className={t.head}>
                <tr>
                  <th className={t.headCell}>
                    <span className="sr-only">{text.preview}</span>
                  </th>
                  <th className={t.headCell}>{text.file}</th>
                  <th className={t.headCell}>{text.owner}</th>
                  <th className={t.headCell}>{text.usedAs}</th>
                  <th className={t.headCell}>{text.uploaded}</th>
                  <th className={t.headCell}>
                    <span className="sr-only">{text.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody className={t.body}>
                {list.map((file) => (
                  <tr key={file.id} className={t.row}>
                    <td className={t.cell}>
                      <MediaThumb file={file} />
                    </td>
                    <td className={t.cell}>
                      <span className="flex flex-col gap-0.5">
                        <span
                          dir="ltr"
                          title={file.name}
                          className="max-w-40 truncate text-start font-mono text-xs"
                        >
                          {file.name}
                        </span>
                        <span className="text-xs whitespace-nowrap text-muted-foreground">
                          {text.kinds[file.kind]} · <span dir="ltr">{file.mime}</span> ·{' '}
                          <span className="tabular-nums">{formatBytes(file.size)}</span>
                        </span>
                      </span>
                    </td>
                    <td className={t.cell}>
                      <Owner file={file} />
                    </td>
                    <td className={t.cell}>
                      <Uses file={file} />
                    </td>
                    <td className={`${t.cell} whitespace-nowrap`}>
                      <time dateTime={file.createdAt}>{formatDateTime(file.createdAt, UPLOADED_FORMAT)}</time>
                    </td>
                    <td className={t.cell}>
                      <MediaPreviewButton file={file} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              label={text.pages}
              page={params.page}
              pageSize={MEDIA_PAGE_SIZE}
              total={total}
              onPageChange={(page) => update({ page })}
              disabled={media.isFetching}
            />
          </div>
        </>
      )}
    </div>
  );
}
