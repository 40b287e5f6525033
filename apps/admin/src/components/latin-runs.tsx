import type { ReactNode } from 'react';

/** A Latin word, code or number inside Arabic text: `RAMADAN-25`, `01012345678`, `MP4`. */
const LATIN_RUN = /[A-Za-z0-9](?:[A-Za-z0-9@._+-]*[A-Za-z0-9])?/g;

/**
 * Arabic text whose Latin runs (a code to type, a phone number to copy, a format's name) are isolated
 * left to right. The back office keeps such data in Latin characters, digits included, and writes it
 * in a run of its own everywhere (`dir="ltr"`), so its punctuation stays in place within the Arabic.
 */
export function WithLatinRuns({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LATIN_RUN)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <bdi key={match.index} dir="ltr">
        {match[0]}
      </bdi>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
