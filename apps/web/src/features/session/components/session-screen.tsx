import { isApiError, useSession, useVideoSession } from '@hiwar/client';
import {
  Role,
  type Role as RoleValue,
  type Session,
  type SessionFacts,
  SessionKind,
  type SessionKind as SessionKindValue,
  type SessionRef,
  sessionJoinLabel,
} from '@hiwar/domain';
import {
  Button,
  CenteredState,
  EmptyState,
  errorMessage,
  interviewsMessages,
  PageContainer,
  Spinner,
  sessionMessages,
} from '@hiwar/ui';
import { CalendarX, CheckCircle2, ClipboardCheck, DoorOpen, Video } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RateTutorDialog } from '../../lessons/components/rate-tutor-dialog.tsx';
import { useLocalMedia } from '../hooks/use-local-media.ts';
import { useServerNow } from '../hooks/use-server-now.ts';
import { useSessionRoom } from '../hooks/use-session-room.ts';
import { roomMemory } from '../lib/room-memory.ts';
import { type SessionText, sessionText } from '../lib/session-text.ts';
import { PreJoin } from './pre-join.tsx';
import { SessionRoomView } from './session-room.tsx';
import { sessionLabelText } from './session-timer.tsx';

const text = sessionMessages;

/** Where members go back to from the room: their interviews, or their lessons. */
function homePath(role: RoleValue | undefined, kind: SessionKindValue | undefined): string {
  if (kind === SessionKind.Interview) {
    return '/interviews';
  }
  return role === Role.Student ? '/upcoming-lessons' : '/t/dashboard';
}

/**
 * A video room page for any session with two members (`/lesson/:id`, `/session?kind=&id=` for
 * interviews): loads the session, refuses with the server's reason, runs pre-join → room, and after
 * the end offers the student of a lesson the rating dialog. Its words name the session's kind.
 */
export function SessionScreen({ sessionRef }: { sessionRef: SessionRef | null }) {
  const { user } = useSession();
  const query = useVideoSession(sessionRef);
  const back = homePath(user?.role as RoleValue | undefined, sessionRef?.kind);
  const words = sessionText(sessionRef?.kind);

  if (!sessionRef) {
    return <Unavailable message={text.unavailable.invalid} back={back} words={words} />;
  }
  if (query.isPending) {
    return (
      <CenteredState>
        <Spinner label={words.loading} />
      </CenteredState>
    );
  }
  if (query.isError || !user) {
    const code = isApiError(query.error) ? query.error.code : 'unexpected';
    return (
      <Unavailable
        message={
          code === 'lesson-not-found' || code === 'interview-not-found'
            ? words.notFound
            : code === 'not-member'
              ? words.notMember
              : errorMessage(code)
        }
        back={back}
        words={words}
      />
    );
  }
  return (
    <SessionFlow
      session={query.data}
      userId={user.id}
      role={user.role as RoleValue}
      back={back}
      words={words}
    />
  );
}

function Unavailable({ message, back, words }: { message: string; back: string; words: SessionText }) {
  return (
    <PageContainer className="py-12">
      <EmptyState
        icon={<CalendarX />}
        title={text.unavailable.title}
        description={message}
        headingLevel="h1"
        action={
          <Button asChild>
            <Link to={back}>{words.back}</Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

type Stage = 'pre-join' | 'room' | 'left';

function SessionFlow({
  session,
  userId,
  role,
  back,
  words,
}: {
  session: Session;
  userId: number;
  role: RoleValue;
  back: string;
  words: SessionText;
}) {
  const now = useServerNow(session.now);
  const facts = useMemo<SessionFacts>(() => {
    const host = session.members.find((member) => member.isHost) ?? session.members[0]!;
    const guest = session.members.find((member) => !member.isHost) ?? session.members[1]!;
    return {
      ref: session.ref,
      hostId: host.id,
      guestId: guest.id,
      start: new Date(session.start),
      end: new Date(session.end),
      canceled: false,
    };
  }, [session]);
  // A reload while in the room goes straight back in (rejoin).
  const [stage, setStage] = useState<Stage>(() => (roomMemory.wasJoined(session.ref) ? 'room' : 'pre-join'));
  const ended = now.getTime() >= facts.end.getTime();
  // The join and rejoin buttons go away with their screen: once in, the room's controls take the
  // focus; leaving puts it on the "you left" screen. A reload straight into the room leaves it alone.
  const [entered, setEntered] = useState(false);
  const leftScreen = useRef<HTMLDivElement>(null);
  const enter = () => {
    setEntered(true);
    setStage('room');
  };

  useEffect(() => {
    if (stage === 'left') {
      leftScreen.current?.focus();
    }
  }, [stage]);

  useEffect(() => {
    roomMemory.setJoined(session.ref, stage === 'room' && !ended);
  }, [session.ref, stage, ended]);

  if (ended) {
    return <SessionEnded session={session} userId={userId} role={role} back={back} words={words} />;
  }
  if (stage === 'left') {
    return (
      <PageContainer className="py-12">
        <EmptyState
          ref={leftScreen}
          tabIndex={-1}
          className="rounded-2xl"
          icon={<DoorOpen />}
          title={words.ended.left}
          description={words.ended.leftSubtitle}
          headingLevel="h1"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={enter}>
                <Video aria-hidden />
                {words.ended.rejoin}
              </Button>
              <Button asChild variant="secondary">
                <Link to={back}>{words.back}</Link>
              </Button>
            </div>
          }
        />
      </PageContainer>
    );
  }
  return (
    <LiveRoom
      session={session}
      facts={facts}
      userId={userId}
      now={now}
      inRoom={stage === 'room'}
      focusControls={entered}
      onJoin={enter}
      onLeave={() => setStage('left')}
    />
  );
}

/** Pre-join and room share the camera and microphone, opened once. */
function LiveRoom(props: {
  session: Session;
  facts: SessionFacts;
  userId: number;
  now: Date;
  inRoom: boolean;
  focusControls: boolean;
  onJoin: () => void;
  onLeave: () => void;
}) {
  const { session, facts, userId, now, inRoom } = props;
  const media = useLocalMedia();
  // In the room once the devices settled (after a reload too), so the peer connection starts with them.
  const active = inRoom && media.status !== 'starting';
  const room = useSessionRoom({ session, userId, stream: media.stream, active });
  const other = session.members.find((member) => member.id !== userId);
  const words = sessionText(session.ref.kind);
  const label = sessionLabelText(sessionJoinLabel(facts, now), session.ref.kind);

  if (!inRoom) {
    return (
      <PageContainer>
        <PreJoin
          media={media}
          subtitle={words.with(other?.name ?? text.room.unnamed)}
          label={label}
          onJoin={props.onJoin}
        />
      </PageContainer>
    );
  }
  if (room.phase === 'refused') {
    return (
      <PageContainer className="py-12">
        <EmptyState
          icon={<CalendarX />}
          title={text.unavailable.title}
          description={errorMessage(room.joinError ?? 'unallowed')}
          headingLevel="h1"
        />
      </PageContainer>
    );
  }
  if (room.phase === 'replaced') {
    return (
      <PageContainer className="py-12">
        <EmptyState
          icon={<DoorOpen />}
          title={text.room.replaced}
          headingLevel="h1"
          action={<Button onClick={room.rejoin}>{text.room.rejoin}</Button>}
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <SessionRoomView
        session={session}
        facts={facts}
        userId={userId}
        now={now}
        room={room}
        media={media}
        focusControls={props.focusControls}
        onLeave={() => {
          room.leave();
          props.onLeave();
        }}
      />
    </PageContainer>
  );
}

/**
 * After the end: thanks, and for the student of a lesson the rating dialog, open at once; for the
 * interviewer of an interview, the way to record its outcome. Interviews are never rated.
 */
function SessionEnded({
  session,
  userId,
  role,
  back,
  words,
}: {
  session: Session;
  userId: number;
  role: RoleValue;
  back: string;
  words: SessionText;
}) {
  const host = session.members.find((member) => member.isHost);
  const recordsOutcome = session.ref.kind === SessionKind.Interview && host?.id === userId;
  const mayRate =
    session.ref.kind === SessionKind.Lesson &&
    role === Role.Student &&
    host !== undefined &&
    host.id !== userId;
  const [rating, setRating] = useState(mayRate);
  return (
    <PageContainer className="py-12">
      <EmptyState
        icon={<CheckCircle2 />}
        title={words.ended.title}
        description={recordsOutcome ? interviewsMessages.room.managerEndedSubtitle : words.ended.subtitle}
        headingLevel="h1"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {mayRate ? <Button onClick={() => setRating(true)}>{text.ended.rate}</Button> : null}
            {recordsOutcome ? (
              <Button asChild>
                <Link to="/interviews?tab=awaiting">
                  <ClipboardCheck aria-hidden />
                  {interviewsMessages.result.action}
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="secondary">
              <Link to={back}>{words.back}</Link>
            </Button>
          </div>
        }
      />
      {mayRate && host ? (
        <RateTutorDialog
          tutor={{ id: host.id, name: host.name ?? text.room.unnamed }}
          open={rating}
          onOpenChange={setRating}
        />
      ) : null}
    </PageContainer>
  );
}
