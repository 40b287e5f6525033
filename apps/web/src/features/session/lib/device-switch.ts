import type { TrackKind } from './media-devices.ts';

export type GetUserMedia = (constraints: MediaStreamConstraints) => Promise<MediaStream>;

/** The browser's `getUserMedia`, refusing like it (`NotSupportedError`) where there is none (no HTTPS). */
export const browserGetUserMedia: GetUserMedia = (constraints) => {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(
      Object.assign(new Error('getUserMedia unavailable'), { name: 'NotSupportedError' }),
    );
  }
  return navigator.mediaDevices.getUserMedia(constraints);
};

/**
 * Constraints asking for one kind only: switching the camera must not reopen (and briefly cut) the
 * microphone, and the reverse. A null device is the browser's default one.
 */
export function trackConstraints(kind: TrackKind, deviceId: string | null): MediaStreamConstraints {
  const device = deviceConstraint(deviceId);
  return kind === 'audio' ? { audio: device } : { video: device };
}

/** Exactly this device, or (null) the browser's default one. */
export function deviceConstraint(deviceId: string | null): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

/**
 * Opens a new track of `kind` from `deviceId` (null: the default device). Rejects with the browser's
 * error (see `mediaErrorCode`), so the caller keeps the old track when this fails.
 */
export async function openTrack(
  kind: TrackKind,
  deviceId: string | null,
  getUserMedia: GetUserMedia = browserGetUserMedia,
): Promise<MediaStreamTrack> {
  const opened = await getUserMedia(trackConstraints(kind, deviceId));
  const [track, ...extra] = opened.getTracks();
  for (const other of extra) {
    other.stop();
  }
  if (!track || track.kind !== kind) {
    track?.stop();
    throw Object.assign(new Error(`no ${kind} track`), { name: 'NotFoundError' });
  }
  return track;
}

/**
 * The transceiver carrying this side's `kind` on `pc`: the one sending a track of that kind, else one
 * that so far only received it (nothing was sent yet). Null once the connection is closed, when there
 * is nothing left to replace.
 */
export function transceiverFor(pc: RTCPeerConnection, kind: TrackKind): RTCRtpTransceiver | null {
  if (pc.signalingState === 'closed') {
    return null;
  }
  const transceivers = pc.getTransceivers();
  return (
    transceivers.find((t) => t.sender.track?.kind === kind) ??
    transceivers.find((t) => t.receiver.track?.kind === kind) ??
    null
  );
}

/**
 * Sends `track` (or nothing) as this side's `kind` with `RTCRtpSender.replaceTrack`, which needs no
 * renegotiation; only a kind never sent before (no transceiver, or a receive-only one) renegotiates.
 */
export async function sendTrack(
  pc: RTCPeerConnection,
  kind: TrackKind,
  track: MediaStreamTrack | null,
  stream: MediaStream,
): Promise<void> {
  if (pc.signalingState === 'closed') {
    return;
  }
  const transceiver = transceiverFor(pc, kind);
  if (!transceiver) {
    if (track) {
      pc.addTrack(track, stream);
    }
    return;
  }
  await transceiver.sender.replaceTrack(track);
  if (track && (transceiver.direction === 'recvonly' || transceiver.direction === 'inactive')) {
    transceiver.direction = 'sendrecv';
  }
}

export interface ReplaceLocalTrack {
  /** The member's camera and microphone stream: the one the preview, toggles and links read. */
  stream: MediaStream;
  /** The newly opened track. */
  next: MediaStreamTrack;
  /** What the member chose for this kind (a muted microphone stays muted). */
  enabled: boolean;
  /** Where to send it now; null while nothing should change on the wire (screen sharing, no link). */
  pc: RTCPeerConnection | null;
}

/**
 * Puts `next` in place of the stream's track of its kind. It goes on the wire first, so a refused
 * `replaceTrack` leaves the old track in use (and `next` is stopped); then it takes the old track's
 * place in the stream, so the preview, the mute toggles, the end of screen sharing and any later
 * connection all use it, and the old track is stopped (the camera light goes off). Returns the old one.
 */
export async function replaceLocalTrack({
  stream,
  next,
  enabled,
  pc,
}: ReplaceLocalTrack): Promise<MediaStreamTrack | null> {
  const kind = next.kind as TrackKind;
  const old = stream.getTracks().find((track) => track.kind === kind) ?? null;
  next.enabled = enabled;
  try {
    if (pc) {
      await sendTrack(pc, kind, next, stream);
    }
  } catch (failure) {
    next.stop();
    throw failure;
  }
  if (old) {
    stream.removeTrack(old);
    old.stop();
  }
  stream.addTrack(next);
  return old;
}

/**
 * Plays an element's sound on the picked speaker (null: the default output). Rejects where the
 * browser cannot pick (no `setSinkId`) or the speaker is gone.
 */
export async function playOn(element: HTMLMediaElement, speakerId: string | null): Promise<void> {
  if (!('setSinkId' in element)) {
    throw Object.assign(new Error('setSinkId unavailable'), { name: 'NotSupportedError' });
  }
  await element.setSinkId(speakerId ?? '');
}
