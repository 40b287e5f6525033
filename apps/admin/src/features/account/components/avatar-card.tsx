import { type CurrentUser, isApiError, useUpdateUser, useUploadAvatar } from '@hiwar/client';
import {
  AvatarUpload,
  type AvatarUploadProps,
  accountMessages,
  adminUsersMessages,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  useErrorToast,
  useToast,
} from '@hiwar/ui';
import { useEffect, useRef, useState } from 'react';
import { displayName } from '../../../lib/labels.ts';

const text = adminUsersMessages.settings;
const avatarText = accountMessages.controls.avatar;

/**
 * The staff member's own avatar: choose a picture (checked in the browser first), watch it upload with
 * a progress ring, cancel, or remove the current one. The session's user follows the answer.
 */
export function AvatarCard({
  user,
  readSize,
}: {
  user: CurrentUser;
  /** Tests pass a size reader: happy-dom does not decode pictures. */
  readSize?: AvatarUploadProps['readSize'];
}) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const upload = useUploadAvatar();
  const remove = useUpdateUser();
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const onSelect = (image: File) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setProgress(0);
    upload.mutate(
      { image, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: () => toast({ id: 'avatar', type: 'success', title: avatarText.saved }),
        onError: (failure) => {
          if (controller.signal.aborted) {
            toast({ id: 'avatar', type: 'info', title: avatarText.canceled });
          } else if (isApiError(failure)) {
            setError(failure.code);
          } else {
            showError(failure);
          }
        },
        onSettled: () => {
          abortRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {text.avatar}
        </CardTitle>
        <CardDescription>{text.avatarDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <AvatarUpload
          name={displayName(user)}
          src={user.image}
          progress={progress}
          error={error}
          onSelect={onSelect}
          onError={setError}
          onCancel={() => abortRef.current?.abort()}
          onRemove={() =>
            remove.mutate(
              { id: user.id, body: { image: null } },
              {
                onSuccess: () => toast({ id: 'avatar', type: 'success', title: avatarText.removed }),
                onError: showError,
              },
            )
          }
          disabled={remove.isPending}
          className="sm:justify-start"
          {...(readSize ? { readSize } : {})}
        />
      </CardContent>
    </Card>
  );
}
