import type { JoinLabel } from '@hiwar/domain';

/** The words of a room's join label (spec §4), worded by each area's catalogue (lessons, interviews). */
export type JoinLabelWords = {
  countdown: (minutes: number) => string;
  canJoinNow: string;
  started: (minutes: number) => string;
  ended: string;
  canceled: string;
};

/** A join label in Arabic, in `words`. */
export function joinLabelWords(label: JoinLabel, words: JoinLabelWords): string {
  switch (label.kind) {
    case 'countdown':
      return words.countdown(label.minutesLeft);
    case 'can-join-now':
      return words.canJoinNow;
    case 'started':
      return words.started(label.minutesAgo);
    case 'ended':
      return words.ended;
    case 'canceled':
      return words.canceled;
  }
}
