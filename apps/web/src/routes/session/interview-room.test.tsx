import '../../test/setup.ts';
import { Role, type Session } from '@hiwar/domain';
import { interviewsMessages, sessionMessages } from '@hiwar/ui';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const text = interviewsMessages.room;

/** Interview 9: TutorManager 21 hosts tutor 3. */
function interviewSession(startsInMs: number, overrides: Partial<Session> = {}): Session {
  return makeSession(startsInMs, {
    ref: { kind: 'interview', id: 9 },
    members: [
      { id: 21, name: 'هالة', image: null, role: Role.TutorManager, isHost: true },
      { id: 3, name: 'منى خالد', image: null, role: Role.Tutor, isHost: false },
    ],
    chatRoomId: 14,
    ...overrides,
  });
}

function ended(): Session {
  const start = new Date(Date.now() - 40 * 60_000);
  return interviewSession(0, {
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
}

const sessionApi = (session: Session) => (request: { path: string }) =>
  request.path.startsWith('/api/v1/session/9') ? json(200, session) : undefined;

beforeEach(() => {
  sessionStorage.clear();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async () => {
        throw new DOMException('denied', 'NotAllowedError');
      }),
      enumerateDevices: vi.fn(async () => []),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/session?kind=interview', () => {
  it('opens the interview’s room, worded as an interview', async () => {
    const { requests } = renderApp({
      path: '/session?kind=interview&id=9',
      user: { id: 3, role: Role.Tutor },
      api: sessionApi(interviewSession(5 * 60_000)),
    });
    expect(await screen.findByRole('heading', { name: sessionMessages.preJoin.title })).toBeInTheDocument();
    expect(screen.getByText(text.with('هالة'), { exact: false })).toBeInTheDocument();
    expect(screen.getByText('تبدأ بعد ٥ دقائق')).toBeInTheDocument();
    expect(screen.queryByText(/درس/)).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v1/session/9?kind=interview')).toBe(true);
  });

  it('after the end thanks the tutor, never asks for a rating, and leads back to the interviews', async () => {
    renderApp({
      path: '/session?kind=interview&id=9',
      user: { id: 3, role: Role.Tutor },
      api: sessionApi(ended()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: text.endedTitle })).toBeInTheDocument();
    expect(screen.getByText(text.endedSubtitle)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: sessionMessages.ended.rate })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.back })).toHaveAttribute('href', '/interviews');
  });

  it('after the end sends the interviewer to record the outcome', async () => {
    renderApp({
      path: '/session?kind=interview&id=9',
      user: { id: 21, role: Role.TutorManager },
      api: sessionApi(ended()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: text.endedTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'سجّل النتيجة' })).toHaveAttribute(
      'href',
      '/interviews?tab=awaiting',
    );
  });

  it('says an unknown interview does not exist', async () => {
    renderApp({
      path: '/session?kind=interview&id=9',
      user: { id: 3, role: Role.Tutor },
      api: (request) =>
        request.path.startsWith('/api/v1/session/9') ? apiError(404, 'interview-not-found') : undefined,
    });
    expect(await screen.findByText(text.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.back })).toHaveAttribute('href', '/interviews');
  });
});
