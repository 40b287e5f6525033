import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../packages/ui/src/messages/messages.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import { DEMO_PASSWORD, demo } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = messages.session;
const account = messages.account;
const MINUTE = 60_000;

type Auth = { token: string; user: { id: number; name: string | null } };
type Lesson = { id: number; start: string; end: string };

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${urls.web}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    throw Object.assign(new Error(`${method} ${path} → ${res.status} ${await res.text()}`), {
      status: res.status,
    });
  }
  return (await res.json()) as T;
}

const login = (email: string, password = DEMO_PASSWORD) =>
  api<Auth>('POST', '/auth/password', null, { email, password });

/** The first 30-minute start the student may book with the tutor, opening a window for the tutor when none is left. */
async function bookableStart(tutor: Auth, student: Auth): Promise<string> {
  const schedule = () => {
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 13 * 24 * 60 * MINUTE).toISOString();
    return api<{ bookable: { long: string[] } }>(
      'GET',
      `/availability-slot/?tutorId=${tutor.user.id}&from=${from}&to=${to}`,
      student.token,
    );
  };
  const first = (await schedule()).bookable.long[0];
  if (first) {
    return first;
  }
  // No free time left: a one-hour window on the 15-minute grid, tried day by day until one fits.
  for (let day = 1; day <= 10; day++) {
    const start = new Date(Math.ceil((Date.now() + day * 24 * 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
    const end = new Date(start.getTime() + 60 * MINUTE);
    try {
      await api('POST', '/availability-slot/', tutor.token, {
        create: [{ start: start.toISOString(), end: end.toISOString() }],
      });
      break;
    } catch {}
  }
  const opened = (await schedule()).bookable.long[0];
  if (!opened) {
    throw new Error('The demo tutor has no bookable time');
  }
  return opened;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${urls.web}/login`);
  await page.getByLabel(account.fields.email).fill(email);
  await page.getByLabel(account.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: account.login.submit }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Keeps WebRTC on loopback (stack notes: Chromium offers no loopback candidates without
 * `--allow-loopback-in-peer-connection`, and would otherwise connect over the machine's own
 * interface address): only 127.0.0.1 and ::1 candidates reach the peer connection.
 */
async function loopbackOnly(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type AddCandidate = (this: RTCPeerConnection, candidate?: RTCIceCandidateInit | null) => Promise<void>;
    const proto = RTCPeerConnection.prototype;
    const add = proto.addIceCandidate as AddCandidate;
    const loopback: AddCandidate = function (candidate) {
      const line = candidate?.candidate ?? '';
      if (line !== '' && !/ (127\.0\.0\.1|::1) \d+ typ /.test(line)) {
        return Promise.resolve();
      }
      return add.call(this, candidate);
    };
    proto.addIceCandidate = loopback as typeof proto.addIceCandidate;
  });
}

/** The size of the frames a labelled video shows (0×0 before any frame). */
function videoSize(
  page: Page,
  label: string,
): Promise<{ width: number; height: number; stream: string | null }> {
  return page.evaluate((name) => {
    const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
    return {
      width: video?.videoWidth ?? 0,
      height: video?.videoHeight ?? 0,
      stream: (video?.srcObject as MediaStream | null)?.id ?? null,
    };
  }, label);
}

async function joinRoom(page: Page, lessonId: number): Promise<void> {
  await page.goto(`${urls.web}/lesson/${lessonId}`);
  await page.getByRole('heading', { name: text.preJoin.title }).waitFor();
  await page.getByText(text.preJoin.ready, { exact: true }).waitFor();
  await page.getByRole('button', { name: text.preJoin.join }).click();
  await page.getByRole('toolbar', { name: text.controls.label }).waitFor();
}

/** Two members meet in the lesson room in Chromium with fake camera and microphone. */
describe.skipIf(skipE2E)('lesson room', () => {
  let cleanup: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await resetServerClock(urls.web);
    await cleanup?.();
  });

  it('student and tutor see each other, the tutor shares the screen, a reload recovers, a third user is refused', async () => {
    const tutor = await login(demo.tutor);
    const student = await login(demo.student);
    const start = await bookableStart(tutor, student);
    const lesson = await api<Lesson>('POST', '/lesson/', student.token, {
      tutorId: tutor.user.id,
      start,
      duration: 30,
    });
    // Keep the demo student's one booking free for the journeys after this one.
    cleanup = async () => {
      await api('DELETE', `/lesson/${lesson.id}`, student.token).catch(() => undefined);
    };
    // A minute into the lesson, by the server's clock.
    await moveServerClock(urls.web, Date.parse(lesson.start) + MINUTE - Date.now());

    const tutorName = tutor.user.name ?? text.room.unnamed;
    const studentName = student.user.name ?? text.room.unnamed;
    const seenByStudent = text.room.remoteVideo(tutorName);
    const seenByTutor = text.room.remoteVideo(studentName);
    const tutorSide = await newPage();
    const studentSide = await newPage();
    try {
      await loopbackOnly(tutorSide.context);
      await loopbackOnly(studentSide.context);
      await signIn(tutorSide.page, demo.tutor, DEMO_PASSWORD);
      await signIn(studentSide.page, demo.student, DEMO_PASSWORD);

      await joinRoom(tutorSide.page, lesson.id);
      await joinRoom(studentSide.page, lesson.id);

      // Each sees the other's camera (the fake device draws 640×480 frames).
      await expect
        .poll(async () => (await videoSize(studentSide.page, seenByStudent)).width, { timeout: 20_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => (await videoSize(tutorSide.page, seenByTutor)).width, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const camera = await videoSize(studentSide.page, seenByStudent);
      await studentSide.page
        .getByRole('timer', { name: text.timer.label })
        .getByText(text.timer.canJoinNow)
        .waitFor();

      // The tutor shares the screen: the student's view of the tutor turns into the screen's frames.
      await tutorSide.page.getByRole('button', { name: text.controls.shareScreen }).click();
      await tutorSide.page.getByRole('button', { name: text.controls.stopSharing }).waitFor();
      await studentSide.page.getByText(text.room.peerSharing(tutorName)).waitFor();
      await expect
        .poll(async () => (await videoSize(studentSide.page, seenByStudent)).width, { timeout: 20_000 })
        .not.toBe(camera.width);

      // The student reloads: back in the room without the pre-join, and both videos play again.
      const before = await videoSize(tutorSide.page, seenByTutor);
      await studentSide.page.reload();
      await studentSide.page.getByRole('toolbar', { name: text.controls.label }).waitFor();
      await expect
        .poll(async () => (await videoSize(studentSide.page, seenByStudent)).width, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(
          async () => {
            const after = await videoSize(tutorSide.page, seenByTutor);
            return after.stream !== null && after.stream !== before.stream && after.width > 0;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    } finally {
      await tutorSide.context.close();
      await studentSide.context.close();
    }

    // Anyone else is refused, even inside the window.
    const stranger = await createVerifiedStudent('مروان عادل');
    const third = await newPage();
    try {
      await signIn(third.page, stranger.email, stranger.password);
      await third.page.goto(`${urls.web}/lesson/${lesson.id}`);
      await third.page.getByRole('heading', { name: text.unavailable.title }).waitFor();
      await third.page.getByText(text.unavailable.notMember).waitFor();
      expect(await third.page.getByRole('button', { name: text.preJoin.join }).count()).toBe(0);
    } finally {
      await third.context.close();
    }
    // Three browser contexts, two sign-ins, a sign-up, a reload: slower than one page's journey.
  }, 180_000);
});
