import { type CurrentUser, useUpdateUser, useUploadAvatar } from '@hiwar/client';
import { AvatarUpload, accountMessages, useErrorToast, useToast } from '@hiwar/ui';
import { useEffect, useRef, useState } from 'react';
import { displayName } from '../../../components/layout/nav-items.ts';
import { errorCodeOf } from '../lib/form-errors.ts';

const text = accountMessages.controls.avatar;

/**
 * The signed-in user's avatar: checks the picture in the browser, uploads it with progress and cancel,
 * and shows server refusals (`image-too-small`, `payload-too-large`…) in Arabic.
 */
export function ProfileAvatarUpload({ user }: { user: CurrentUser }) {
  const upload = useUploadAvatar();
  const update = useUpdateUser();
  const { toast } = useToast();
  const showError = useErrorToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops an upload in flight.
  useEffect(() => () => controller.current?.abort(), []);

  const start = (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setProgress(0);
    upload.mutate(
      { image: file, signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: () => toast({ id: 'avatar-saved', type: 'success', title: text.saved }),
        onError: (failure) => {
          if (abort.signal.aborted) {
            toast({ id: 'avatar-canceled', type: 'info', title: text.canceled });
            return;
          }
          const code = errorCodeOf(failure);
          if (code) {
            setError(code);
          } else {
            showError(failure);
          }
        },
        onSettled: () => {
          setProgress(null);
          if (controller.current === abort) {
            controller.current = null;
          }
        },
      },
    );
  };

  const remove = () => {
    setError(null);
    update.mutate(
      { id: user.id, body: { image: null } },
      {
        onSuccess: () => toast({ id: 'avatar-removed', type: 'success', title: text.removed }),
        onError: showError,
      },
    );
  };

  return (
    <AvatarUpload
      name={displayName(user)}
      src={user.image}
      progress={progress}
      onSelect={start}
      onCancel={() => controller.current?.abort()}
      onRemove={remove}
      error={error}
      onError={setError}
      disabled={update.isPending}
    />
  );
}
