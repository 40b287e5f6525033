import { Button, cn, lessonsMessages } from '@hiwar/ui';
import { Heart } from 'lucide-react';

const text = lessonsMessages.favorites;

export interface FavoriteHeartProps {
  /** Names the tutor in the button's accessible name (icon-only buttons). */
  tutorName: string;
  /** `icon`: a heart alone (cards, lists); `labelled`: with its words (the profile). */
  look?: 'icon' | 'labelled';
  className?: string | undefined;
}

/**
 * The heart's toggle button as it shows: pressed (`aria-pressed`, a filled heart) when the tutor is
 * saved. Without `onClick` it waits (a student's heart while its code loads): `aria-disabled`, still
 * focusable, so a press is not taken for one that did nothing.
 */
export function FavoriteHeart({
  tutorName,
  look = 'icon',
  className,
  saved,
  onClick,
}: FavoriteHeartProps & { saved: boolean; onClick?: (() => void) | undefined }) {
  const waiting = onClick === undefined ? true : undefined;
  const heart = (
    <Heart
      aria-hidden="true"
      className={cn('transition-colors', saved ? 'fill-danger text-danger' : 'text-muted-foreground')}
    />
  );
  if (look === 'labelled') {
    return (
      <Button
        variant="secondary"
        aria-pressed={saved}
        aria-disabled={waiting}
        onClick={onClick}
        className={className}
      >
        {heart}
        {text.saveHere}
      </Button>
    );
  }
  const label = text.save(tutorName);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={saved}
      aria-disabled={waiting}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn('rounded-full', className)}
    >
      {heart}
    </Button>
  );
}
