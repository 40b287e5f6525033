import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionMessages } from '../../packages/ui/src/messages/messages.ts';
import { audit } from './a11y.ts';
import { api, login } from './api.ts';
import { newPage, skipE2E, urls } from './browser.ts';
import { moveServerClock, resetServerClock } from './clock.ts';
import { bookableStarts } from './lessons.ts';
import { demo, signInToWeb } from './sign-in.ts';
import { createVerifiedStudent } from './students.ts';

const text = sessionMessages;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Lesson = { id: number; start: string; end: string };

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

/** How many frames a labelled video has shown so far: it grows while the video plays. */
function framesShown(page: Page, label: string): Promise<number> {
  return page.evaluate(
    (name) =>
      document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`)?.getVideoPlaybackQuality()
        .totalVideoFrames ?? 0,
    label,
  );
}

/** The label of the camera or microphone track the member sends (their self view's stream). */
function selfTrack(page: Page, kind: 'audio' | 'video'): Promise<{ id: string; label: string } | null> {
  return page.evaluate(
    ({ name, kind }) => {
      const stream = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`)
        ?.srcObject as MediaStream | null;
      const track = stream?.getTracks().find((candidate) => candidate.kind === kind);
      return track ? { id: track.id, label: track.label } : null;
    },
    { name: text.room.selfView, kind },
  );
}

/**
 * The student's device menu: Chromium's fake devices are listed (one camera, several microphones and
 * speakers), the ones in use checked; another microphone and the camera again are switched in without
 * the tutor's view of the student stopping.
 */
async function switchDevices(student: Page, tutor: Page, seenByTutor: string): Promise<void> {
  const menuButton = student.getByRole('button', { name: text.devices.menu });
  await menuButton.click();
  const menu = student.getByRole('menu');
  const cameras = menu.getByRole('group', { name: text.devices.camera }).getByRole('menuitemradio');
  const microphones = menu.getByRole('group', { name: text.devices.microphone }).getByRole('menuitemradio');
  const speakers = menu.getByRole('group', { name: text.devices.speaker }).getByRole('menuitemradio');
  await cameras.first().waitFor();
  expect(await cameras.count()).toBeGreaterThanOrEqual(1);
  expect(await microphones.count()).toBeGreaterThan(1);
  expect(await speakers.count()).toBeGreaterThanOrEqual(1);
  const checkedCamera = menu
    .getByRole('group', { name: text.devices.camera })
    .getByRole('menuitemradio', { checked: true });
  expect(await checkedCamera.textContent()).toBe((await selfTrack(student, 'video'))?.label);
  await audit(student, 'lesson room: the device menu');
  // Settled pictures (the menu's pop-in and the theme's colour transitions finished) to look at, with
  // E2E_SCREENSHOTS=<folder>.
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots) {
    await student.screenshot({ path: `${shots}/room-devices.png`, animations: 'disabled' });
    await student.emulateMedia({ colorScheme: 'dark' });
    await student.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await student.screenshot({ path: `${shots}/room-devices-dark.png`, animations: 'disabled' });
    await student.emulateMedia({ colorScheme: 'light' });
  }

  // Another microphone: the student's sent audio is now that device.
  const otherMicrophone = menu
    .getByRole('group', { name: text.devices.microphone })
    .getByRole('menuitemradio', { checked: false })
    .first();
  const microphoneLabel = (await otherMicrophone.textContent()) ?? '';
  await otherMicrophone.click();
  await expect.poll(async () => (await selfTrack(student, 'audio'))?.label).toBe(microphoneLabel);

  // The camera again (Chromium has one fake camera): a new track, replaced on the wire.
  const camera = await selfTrack(student, 'video');
  await menuButton.click();
  await cameras.first().click();
  await expect.poll(async () => (await selfTrack(student, 'video'))?.id).not.toBe(camera?.id);
  const frames = await framesShown(tutor, seenByTutor);
  await expect.poll(() => framesShown(tutor, seenByTutor), { timeout: 10_000 }).toBeGreaterThan(frames + 10);
  expect((await videoSize(tutor, seenByTutor)).width).toBeGreaterThan(0);
}

async function joinRoom(page: Page, lessonId: number): Promise<void> {
  await page.goto(`${urls.web}/lesson/${lessonId}`);
  await page.getByRole('heading', { name: text.preJoin.title }).waitFor();
  await page.getByText(text.preJoin.ready, { exact: true }).waitFor();
  await audit(page, 'lesson room: pre-join, camera and microphone ready');
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
    // The first free 30 minutes in the next 13 days, a one-hour window opened when none is left.
    const [start] = await bookableStarts(tutor, student, {
      count: 1,
      from: 0,
      to: 13 * DAY,
      windowMs: 60 * MINUTE,
      days: 10,
    });
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
      await signInToWeb(tutorSide.page, demo.tutor);
      await signInToWeb(studentSide.page, demo.student);

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
      await audit(studentSide.page, 'lesson room: in the lesson');

      await switchDevices(studentSide.page, tutorSide.page, seenByTutor);
      await studentSide.page
        .getByRole('timer', { name: text.timer.label })
        .getByText(text.timer.canJoinNow)
        .waitFor();

      // The tutor shares the screen: the student's view of the tutor turns into the screen's frames.
      await tutorSide.page.getByRole('button', { name: text.controls.shareScreen }).click();
      await tutorSide.page.getByRole('button', { name: text.controls.stopSharing }).waitFor();
      await studentSide.page.getByText(text.room.peerSharing(tutorName)).waitFor();
      await audit(tutorSide.page, 'lesson room: sharing the screen');
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
      await signInToWeb(third.page, stranger.email, stranger.password);
      await third.page.goto(`${urls.web}/lesson/${lesson.id}`);
      await third.page.getByRole('heading', { name: text.unavailable.title }).waitFor();
      await third.page.getByText(text.unavailable.notMember).waitFor();
      expect(await third.page.getByRole('button', { name: text.preJoin.join }).count()).toBe(0);
      await audit(third.page, 'lesson room: not a member');
    } finally {
      await third.context.close();
    }
    // Three browser contexts, two sign-ins, a sign-up, a reload and the accessibility audits (a11y.ts):
    // slower than one page's journey.
  }, 360_000);
});
