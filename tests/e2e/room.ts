import type { BrowserContext, Page } from 'playwright-core';
import { sessionMessages } from '../../packages/ui/src/messages/messages.ts';

const text = sessionMessages;

/**
 * Keeps WebRTC on loopback (as lesson-room.e2e does: Chromium offers no loopback candidates without
 * `--allow-loopback-in-peer-connection`, and would otherwise connect over the machine's own interface
 * address): only 127.0.0.1 and ::1 candidates reach the peer connection.
 */
export async function loopbackOnly(context: BrowserContext): Promise<void> {
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

/** The width of the frames a labelled video shows (0 before any frame). */
export function videoWidth(page: Page, label: string): Promise<number> {
  return page.evaluate(
    (name) => document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`)?.videoWidth ?? 0,
    label,
  );
}

/** On the room's pre-join screen: waits for camera and microphone, then joins. */
export async function joinFromPreJoin(page: Page): Promise<void> {
  await page.getByRole('heading', { name: text.preJoin.title }).waitFor();
  await page.getByText(text.preJoin.ready, { exact: true }).waitFor();
  await page.getByRole('button', { name: text.preJoin.join }).click();
  await page.getByRole('toolbar', { name: text.controls.label }).waitFor();
}
