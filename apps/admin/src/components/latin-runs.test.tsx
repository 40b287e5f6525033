import '../test/setup.ts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithLatinRuns } from './latin-runs.tsx';

describe('Latin data inside Arabic text', () => {
  it('isolates each code, number and name left to right, and leaves the Arabic as it is', () => {
    const { container } = render(
      <p>
        <WithLatinRuns text="من ٤ إلى ٢٠ حرفًا، مثل RAMADAN-25. أو الرقم 01012345678، فيديو MP4 أو WebM." />
      </p>,
    );
    const runs = [...container.querySelectorAll('bdi')];
    expect(runs.map((run) => [run.textContent, run.getAttribute('dir')])).toEqual([
      ['RAMADAN-25', 'ltr'],
      ['01012345678', 'ltr'],
      ['MP4', 'ltr'],
      ['WebM', 'ltr'],
    ]);
    expect(container.textContent).toBe(
      'من ٤ إلى ٢٠ حرفًا، مثل RAMADAN-25. أو الرقم 01012345678، فيديو MP4 أو WebM.',
    );
  });
});
