import {
  checkInterviewChange,
  type Interview,
  InterviewStatus,
  interviewSessionFacts,
  type JoinLabel,
  type SessionFacts,
  SessionKind,
  sessionJoinLabel,
  sessionPath,
} from '@hiwar/domain';
import { type BadgeTone, interviewsMessages } from '@hiwar/ui';
import { joinLabelWords } from '../../../lib/join-label-words.ts';

const text = interviewsMessages;

/** How an interview reads at a moment: its stored status, and for a pending one where the clock is. */
export type InterviewView = 'upcoming' | 'happening' | 'awaiting' | 'passed' | 'rejected' | 'canceled';

export const VIEW_TONES: Record<InterviewView, BadgeTone> = {
  upcoming: 'info',
  happening: 'success',
  awaiting: 'warning',
  passed: 'success',
  rejected: 'danger',
  canceled: 'neutral',
};

/** The room rules' facts of an interview (the interviewer hosts), for the join window and labels. */
export function interviewFacts(interview: Interview): SessionFacts {
  return interviewSessionFacts({
    id: interview.id,
    interviewerId: interview.interviewer.id,
    intervieweeId: interview.interviewee.id,
    start: new Date(interview.start),
    end: new Date(interview.end),
    canceledAt:
      interview.status === InterviewStatus.Canceled
        ? new Date(interview.canceledAt ?? interview.updatedAt)
        : null,
  });
}

export function interviewView(interview: Interview, now: Date): InterviewView {
  switch (interview.status) {
    case InterviewStatus.Passed:
      return 'passed';
    case InterviewStatus.Rejected:
      return 'rejected';
    case InterviewStatus.Canceled:
      return 'canceled';
    default: {
      const at = now.getTime();
      if (at < Date.parse(interview.start)) {
        return 'upcoming';
      }
      return at < Date.parse(interview.end) ? 'happening' : 'awaiting';
    }
  }
}

/** The lesson room's join label (spec §4: countdown, can join now, started N minutes ago, ended). */
export function interviewJoinLabel(interview: Interview, now: Date): JoinLabel {
  return sessionJoinLabel(interviewFacts(interview), now);
}

/** The join label in Arabic, worded for an interview. */
export function joinLabelText(label: JoinLabel): string {
  return joinLabelWords(label, text.join);
}

/** `/session?kind=interview&id=…`: the interview's video room. */
export function interviewRoomPath(id: number): string {
  return sessionPath({ kind: SessionKind.Interview, id });
}

/** Whether the interview can still be moved or cancelled (pending, before it starts). */
export function canChangeInterview(interview: Interview, now: Date): boolean {
  return (
    checkInterviewChange(
      {
        start: new Date(interview.start),
        status: interview.status,
        signedAt: interview.signedAt ? new Date(interview.signedAt) : null,
      },
      now,
    ) === 'ok'
  );
}

/** Whether the interview was held and is over (not cancelled): feedback can be given or recorded. */
export function isInterviewOver(interview: Interview, now: Date): boolean {
  return interview.status !== InterviewStatus.Canceled && now.getTime() >= Date.parse(interview.end);
}

/**
 * The visible text of a feedback or note: the server stores sanitised HTML, shown here as plain text
 * (never set as HTML), with line breaks kept.
 */
export function plainText(html: string | null): string {
  if (!html) {
    return '';
  }
  if (!html.includes('<') && !html.includes('&')) {
    return html;
  }
  const doc = new DOMParser().parseFromString(
    `<body>${html.replace(/<br\s*\/?>/gi, '\n')}</body>`,
    'text/html',
  );
  return doc.body.textContent ?? '';
}

/** How many characters a reader sees (what the server's 5–1000 bounds count). */
export function visibleLength(value: string): number {
  return [...value.trim()].length;
}
