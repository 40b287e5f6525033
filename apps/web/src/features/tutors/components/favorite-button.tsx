import { useSession } from '@hiwar/client';
import { Role } from '@hiwar/domain';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFrom } from '../../account/lib/login-path.ts';
import { FavoriteHeart } from './favorite-heart.tsx';
import type { StudentFavoriteButtonProps } from './student-favorite-button.tsx';

// A student's heart (the favourite ids, saving, the toast) is a chunk of its own: the directory and the
// profile are pages visitors land on (issue 26), and a visitor's heart only leads to sign in.
const StudentFavoriteButton = lazy(async () => ({
  default: (await import('./student-favorite-button.tsx')).StudentFavoriteButton,
}));

/** A visitor's heart: pressing it goes to sign in and back to this page. */
function VisitorFavoriteButton(props: StudentFavoriteButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { tutorId: _tutorId, savedHint: _savedHint, ...heart } = props;
  return (
    <FavoriteHeart
      {...heart}
      saved={false}
      onClick={() => void navigate(loginPathFrom(`${location.pathname}${location.search}`))}
    />
  );
}

/**
 * The heart that saves a tutor as a favourite, a toggle button (`aria-pressed`): a student's saves or
 * unsaves (`StudentFavoriteButton`); a visitor's goes to sign in and comes back; other roles see none.
 *
 * It renders the same on the server and in a visitor's browser (decision 35): no state, no effect,
 * nothing read from the browser. A student's page is never hydrated (decision 34), so their heart may
 * wait for its chunk, shown meanwhile as it will be.
 */
export function FavoriteButton(props: StudentFavoriteButtonProps) {
  const { user } = useSession();
  if (user === null) {
    return <VisitorFavoriteButton {...props} />;
  }
  if (user.role !== Role.Student) {
    return null;
  }
  const { tutorId: _tutorId, savedHint = false, ...heart } = props;
  return (
    <Suspense fallback={<FavoriteHeart {...heart} saved={savedHint} />}>
      <StudentFavoriteButton {...props} />
    </Suspense>
  );
}
