import type { JoinLabel } from '@hiwar/domain';
import { lessonsMessages } from '@hiwar/ui';
import { joinLabelWords } from '../../../lib/join-label-words.ts';

/**
 * A lesson's join label in Arabic (spec §4). A module of its own: the tutor's home shows the label of
 * the lesson about to start without loading the student's lesson card and its dialogs.
 */
export function joinLabelText(label: JoinLabel): string {
  return joinLabelWords(label, lessonsMessages.lesson.join);
}
