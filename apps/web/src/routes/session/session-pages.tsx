import { parseSessionRef, SessionKind } from '@hiwar/domain';
import { useParams, useSearchParams } from 'react-router';
import { SessionScreen } from '../../features/session/components/session-screen.tsx';

/** `/lesson/:id`: the lesson's video room (its two members, from 10 minutes before start). */
export function LessonRoomPage() {
  const { id } = useParams();
  return <SessionScreen sessionRef={parseSessionRef({ kind: SessionKind.Lesson, id: id ?? null })} />;
}

/** `/session?kind=&id=`: the same room for any session (interviews later); `kind` defaults to lesson. */
export function SessionPage() {
  const [params] = useSearchParams();
  return <SessionScreen sessionRef={parseSessionRef({ kind: params.get('kind'), id: params.get('id') })} />;
}
