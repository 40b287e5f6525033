import { useFavoriteTutorIds, useToggleFavoriteTutor } from '@hiwar/client';
import { lessonsMessages, useToast } from '@hiwar/ui';
import { FavoriteHeart, type FavoriteHeartProps } from './favorite-heart.tsx';

const text = lessonsMessages.favorites;
const loadFailureReason = () => import('../lib/favorite-failure.ts');

export interface StudentFavoriteButtonProps extends FavoriteHeartProps {
  tutorId: number;
  /** Whether the tutor is saved, as the list showing them said, until the student's ids are known. */
  savedHint?: boolean | undefined;
}

/**
 * A student's heart: saves or unsaves the tutor at once and changes back, with a toast saying why, if
 * the call fails. Whether the tutor is saved comes from the student's one list of favourite ids
 * (`useFavoriteTutorIds`), shared by every heart of the page; the error catalogue loads only when a
 * call fails.
 */
export function StudentFavoriteButton({ tutorId, savedHint = false, ...heart }: StudentFavoriteButtonProps) {
  const ids = useFavoriteTutorIds();
  const toggle = useToggleFavoriteTutor();
  const { toast } = useToast();
  const saved = ids.data ? ids.data.ids.includes(tutorId) : savedHint;

  const onClick = () => {
    toggle(tutorId, !saved).catch(async (error: unknown) => {
      const title = saved ? text.removeFailed : text.saveFailed;
      const description = await loadFailureReason().then(
        ({ favoriteFailureReason }) => favoriteFailureReason(error),
        () => undefined,
      );
      toast({ id: `favorite:${tutorId}`, type: 'error', title, ...(description ? { description } : {}) });
    });
  };
  return <FavoriteHeart {...heart} saved={saved} onClick={onClick} />;
}
