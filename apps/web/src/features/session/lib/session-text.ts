import { SessionKind } from '@hiwar/domain';
import { interviewsMessages, sessionMessages } from '@hiwar/ui';

/** The room's words that name what the session is: a lesson (الدرس) or an interview (المقابلة). */
export interface SessionText {
  loading: string;
  with: (name: string) => string;
  region: string;
  leave: string;
  timer: {
    label: string;
    countdown: (minutes: number) => string;
    canJoinNow: string;
    started: (minutes: number) => string;
    ended: string;
    canceled: string;
  };
  ended: { title: string; subtitle: string; left: string; leftSubtitle: string; rejoin: string };
  /** The page members go back to, and its label. */
  back: string;
  notFound: string;
  notMember: string;
}

const session = sessionMessages;
const interview = interviewsMessages;

const LESSON_TEXT: SessionText = {
  loading: session.loading,
  with: session.preJoin.with,
  region: session.room.region,
  leave: session.controls.leave,
  timer: session.timer,
  ended: session.ended,
  back: session.unavailable.back,
  notFound: session.unavailable.notFound,
  notMember: session.unavailable.notMember,
};

const INTERVIEW_TEXT: SessionText = {
  loading: interview.room.loading,
  with: interview.room.with,
  region: interview.room.region,
  leave: interview.room.leave,
  timer: {
    label: interview.room.timerLabel,
    countdown: interview.join.countdown,
    canJoinNow: interview.join.canJoinNow,
    started: interview.join.started,
    ended: interview.join.ended,
    canceled: interview.join.canceled,
  },
  ended: {
    title: interview.room.endedTitle,
    subtitle: interview.room.endedSubtitle,
    left: interview.room.left,
    leftSubtitle: interview.room.leftSubtitle,
    rejoin: interview.room.rejoin,
  },
  back: interview.room.back,
  notFound: interview.room.notFound,
  notMember: interview.room.notMember,
};

export function sessionText(kind: SessionKind | undefined): SessionText {
  return kind === SessionKind.Interview ? INTERVIEW_TEXT : LESSON_TEXT;
}
