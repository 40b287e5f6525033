import { interviewKeys, isApiError, useStudioTutor, useUpdateUser } from '@hiwar/client';
import { AssetKind, STUDIO_MEDIA, type StudioTutorDetail } from '@hiwar/domain';
import {
  Alert,
  adminInterviewsMessages,
  adminMessages,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { BackLink } from '../../../components/back-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { NotFoundState } from '../../../components/not-found-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { displayName } from '../../../lib/labels.ts';
import { MediaBadges } from './media-badges.tsx';
import { MediaUploadCard } from './media-upload-card.tsx';

const text = adminInterviewsMessages.session;
const mediaNames = adminInterviewsMessages.media;

const LIST = '/photo-sessions';
const missingList = new Intl.ListFormat('ar-EG', { type: 'conjunction' });

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

export interface PhotoSessionDetailProps {
  /** From the path; `null` when it is not an id (shown as not found). */
  tutorId: number | null;
  /** Admins may remove the avatar; a Studio member only uploads (rules.md "Staff permissions"). */
  canRemove: boolean;
}

/**
 * `/photo-session/{tutorId}`: the tutor's name and contact, then the avatar, intro video and thumbnail,
 * each with its current file, a preview before saving, and an upload with progress and cancel. A
 * Studio member may open only the tutors assigned to them (the server answers `forbidden` otherwise).
 */
export function PhotoSessionDetail({ tutorId, canRemove }: PhotoSessionDetailProps) {
  const tutor = useStudioTutor(tutorId);

  if (tutorId === null || (isApiError(tutor.error) && tutor.error.code === 'tutor-not-found')) {
    return (
      <NotFoundState
        icon={<UserX />}
        title={text.notFoundTitle}
        description={text.notFoundBody}
        back={{ to: LIST, label: text.back }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink to={LIST}>{text.back}</BackLink>
      <AdminPage
        title={tutor.data ? displayName(tutor.data) : adminMessages.pages.photoSession}
        description={text.description}
      />
      {tutor.isError ? (
        <ErrorState title={text.loadFailed} error={tutor.error} onRetry={() => void tutor.refetch()} />
      ) : tutor.data ? (
        <Session tutor={tutor.data} canRemove={canRemove} />
      ) : (
        <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-32 w-full rounded-2xl lg:col-span-3" />
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-72 w-full rounded-2xl" />
        </div>
      )}
    </div>
  );
}

function Session({ tutor, canRemove }: { tutor: StudioTutorDetail; canRemove: boolean }) {
  const name = displayName(tutor);
  const remove = useUpdateUser();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [confirming, setConfirming] = useState(false);
  const missingNames = missingList.format(tutor.missing.map((kind) => mediaNames[kind]));

  return (
    <>
      <Card role="region" aria-labelledby={`photo-session-${tutor.id}-contact`}>
        <CardHeader>
          <CardTitle as="h2" id={`photo-session-${tutor.id}-contact`} className="text-base">
            {text.contact}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label={text.email}>
              <a
                href={`mailto:${tutor.email}`}
                dir="ltr"
                className="hover:text-brand focus-visible:underline"
              >
                {tutor.email}
              </a>
            </Fact>
            <Fact label={text.phone}>
              {tutor.phone ? (
                <a href={`tel:${tutor.phone}`} dir="ltr" className="hover:text-brand focus-visible:underline">
                  {tutor.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">{text.noPhone}</span>
              )}
            </Fact>
            <Fact label={text.studio}>
              {tutor.studio ? (
                (tutor.studio.name ?? adminInterviewsMessages.unknownPerson(tutor.studio.id))
              ) : (
                <span className="text-muted-foreground">{text.noStudio}</span>
              )}
            </Fact>
            <Fact label={text.bio}>
              {tutor.bio ? tutor.bio : <span className="text-muted-foreground">{text.noBio}</span>}
            </Fact>
          </dl>
          <MediaBadges missing={tutor.missing} />
          {tutor.missing.length === 0 ? (
            <Alert tone="success">{text.complete}</Alert>
          ) : (
            <Alert tone="warning">{text.missing(missingNames)}</Alert>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        {STUDIO_MEDIA.map((kind) => (
          <MediaUploadCard
            key={kind}
            kind={kind}
            tutorId={tutor.id}
            tutorName={name}
            current={tutor[kind]}
            poster={kind === AssetKind.Video ? tutor.thumbnail : null}
            onRemove={canRemove && kind === AssetKind.Image ? () => setConfirming(true) : undefined}
          />
        ))}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.removeTitle}
        description={text.removeBody}
        confirmLabel={text.remove}
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: tutor.id, body: { image: null } },
            {
              onSuccess: () => {
                setConfirming(false);
                toast({ id: 'media-image', type: 'success', title: text.removed });
                void queryClient.invalidateQueries({ queryKey: interviewKeys.studioTutors });
                void queryClient.invalidateQueries({ queryKey: interviewKeys.onboardingAll });
              },
              onError: (error) => {
                setConfirming(false);
                showError(error);
              },
            },
          )
        }
      />
    </>
  );
}
