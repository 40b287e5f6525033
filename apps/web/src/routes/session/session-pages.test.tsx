import '../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { errorMessages, mediaErrorMessages, sessionMessages } from '@hiwar/ui';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const text = sessionMessages;

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

describe('/lesson/:id and /session', () => {
  it('loads the lesson’s room and starts with the pre-join check', async () => {
    const { requests } = renderApp({
      path: '/lesson/5',
      user: { id: 1, role: Role.Student },
      api: (request) =>
        request.path.startsWith('/api/v1/session/5') ? json(200, makeSession(5 * 60_000)) : undefined,
    });
    expect(await screen.findByRole('heading', { name: text.preJoin.title })).toBeInTheDocument();
    expect(screen.getByText(text.preJoin.with('سارة المعلمة'), { exact: false })).toBeInTheDocument();
    expect(screen.getByText(text.timer.countdown(5), { exact: false })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(mediaErrorMessages['media-permission-denied']);
    expect(requests.some((request) => request.path === '/api/v1/session/5?kind=lesson')).toBe(true);
  });

  it('serves the same room at /session?kind=&id=', async () => {
    const { requests } = renderApp({
      path: '/session?kind=lesson&id=5',
      user: { id: 3, role: Role.Tutor },
      api: (request) =>
        request.path.startsWith('/api/v1/session/5') ? json(200, makeSession(5 * 60_000)) : undefined,
    });
    expect(await screen.findByText(text.preJoin.with('أحمد'), { exact: false })).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v1/session/5?kind=lesson')).toBe(true);
  });

  it.each([
    ['not-member', 403, text.unavailable.notMember],
    ['unallowed', 403, errorMessages.unallowed],
    ['lesson-not-found', 404, text.unavailable.notFound],
  ])('refuses with the server’s reason (%s)', async (code, status, message) => {
    renderApp({
      path: '/lesson/5',
      user: { id: 1, role: Role.Student },
      api: (request) => (request.path.startsWith('/api/v1/session/5') ? apiError(status, code) : undefined),
    });
    expect(await screen.findByRole('heading', { name: text.unavailable.title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.unavailable.back })).toHaveAttribute(
      'href',
      '/upcoming-lessons',
    );
  });

  it('says a malformed session link is wrong without asking the server', async () => {
    const { requests } = renderApp({ path: '/session?kind=party&id=x', user: { id: 1, role: Role.Student } });
    expect(await screen.findByText(text.unavailable.invalid)).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/v1/session'))).toBe(false);
  });

  it('offers the student the rating dialog once the lesson has ended', async () => {
    const start = new Date(Date.now() - 40 * 60_000);
    renderApp({
      path: '/lesson/5',
      user: { id: 1, role: Role.Student },
      api: (request) =>
        request.path.startsWith('/api/v1/session/5')
          ? json(
              200,
              makeSession(5 * 60_000, {
                start: start.toISOString(),
                end: new Date(start.getTime() + 30 * 60_000).toISOString(),
                now: new Date(start.getTime() + 29 * 60_000 + 59_000).toISOString(),
              }),
            )
          : undefined,
    });
    // The rating dialog opens by itself (and hides the page behind it from assistive technology).
    expect(await screen.findByRole('dialog', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(text.ended.subtitle)).toBeInTheDocument();
  });
});
