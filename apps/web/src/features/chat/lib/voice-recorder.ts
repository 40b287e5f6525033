import { VOICE_NOTE_LIMITS, VOICE_NOTE_RECORDING_TYPES } from '@hiwar/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Why a recording could not be made: no MediaRecorder, the microphone refused, missing or busy. */
export type VoiceRecorderError = 'unsupported' | 'denied' | 'no-microphone' | 'busy' | 'failed' | 'empty';

/** A finished recording, ready to hear and send. */
export type VoiceRecording = { file: File; url: string; seconds: number; stoppedAtLimit: boolean };

/**
 * The recorder's states: `idle` (the mic button), `starting` (asking for the microphone), `recording`
 * (with the seconds so far), `recorded` (a preview to send or discard), or `error` (why, from idle).
 */
export type VoiceRecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; seconds: number }
  | { status: 'recorded'; recording: VoiceRecording }
  | { status: 'error'; error: VoiceRecorderError };

/** The first of the recording types (Opus in WebM, else in Ogg) this browser's MediaRecorder makes. */
export function pickRecordingType(): string | null {
  if (
    typeof MediaRecorder === 'undefined' ||
    typeof navigator === 'undefined' ||
    !navigator.mediaDevices?.getUserMedia
  ) {
    return null;
  }
  return VOICE_NOTE_RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

function errorOf(error: unknown): VoiceRecorderError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'no-microphone';
    case 'NotReadableError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

const TICK_MS = 250;

/**
 * Records a voice note (decision 0041): `start` asks for the microphone and records Opus with
 * MediaRecorder (WebM where supported, else Ogg, at `VOICE_NOTE_LIMITS.bitsPerSecond`); `stop` ends it
 * (and it ends by itself at `VOICE_NOTE_LIMITS.maxSeconds`) into a preview; `discard` drops it. The
 * microphone is released as soon as recording stops, and everything on unmount.
 */
export function useVoiceRecorder(maxSeconds: number = VOICE_NOTE_LIMITS.maxSeconds) {
  const [state, setState] = useState<VoiceRecorderState>({ status: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const previewUrl = useRef<string | null>(null);
  const alive = useRef(true);

  const release = useCallback(() => {
    if (timer.current) {
      clearInterval(timer.current);
      timer.current = null;
    }
    for (const track of stream.current?.getTracks() ?? []) {
      track.stop();
    }
    stream.current = null;
  }, []);
  const revoke = useCallback(() => {
    if (previewUrl.current) {
      URL.revokeObjectURL(previewUrl.current);
      previewUrl.current = null;
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const active = recorder.current;
      recorder.current = null;
      if (active && active.state !== 'inactive') {
        active.onstop = null;
        active.stop();
      }
      release();
      revoke();
    };
  }, [release, revoke]);

  const stop = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') {
      active.stop();
    }
  }, []);

  const start = useCallback(async () => {
    const type = pickRecordingType();
    if (!type) {
      setState({ status: 'error', error: 'unsupported' });
      return;
    }
    revoke();
    setState({ status: 'starting' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (alive.current) {
        setState({ status: 'error', error: errorOf(error) });
      }
      return;
    }
    if (!alive.current) {
      for (const track of media.getTracks()) {
        track.stop();
      }
      return;
    }
    stream.current = media;
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(media, {
        mimeType: type,
        audioBitsPerSecond: VOICE_NOTE_LIMITS.bitsPerSecond,
      });
    } catch (error) {
      release();
      setState({ status: 'error', error: errorOf(error) });
      return;
    }
    recorder.current = made;
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    let atLimit = false;
    made.ondataavailable = (event) => {
      if (event.data.size > 0) {
        chunks.push(event.data);
      }
    };
    made.onerror = () => {
      made.onstop = null;
      recorder.current = null;
      release();
      setState({ status: 'error', error: 'failed' });
    };
    made.onstop = () => {
      recorder.current = null;
      release();
      const seconds = Math.min(maxSeconds, (Date.now() - startedAt) / 1000);
      const container = type.startsWith('audio/ogg') ? 'ogg' : 'webm';
      const blob = new Blob(chunks, { type: `audio/${container}` });
      if (blob.size === 0) {
        setState({ status: 'error', error: 'empty' });
        return;
      }
      const file = new File([blob], `voice-note.${container}`, { type: `audio/${container}` });
      const url = URL.createObjectURL(blob);
      previewUrl.current = url;
      setState({ status: 'recorded', recording: { file, url, seconds, stoppedAtLimit: atLimit } });
    };
    made.start(1000);
    setState({ status: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = (Date.now() - startedAt) / 1000;
      if (seconds >= maxSeconds) {
        atLimit = true;
        stop();
        return;
      }
      setState((current) =>
        current.status === 'recording' && Math.floor(current.seconds) !== Math.floor(seconds)
          ? { status: 'recording', seconds: Math.floor(seconds) }
          : current,
      );
    }, TICK_MS);
  }, [maxSeconds, release, revoke, stop]);

  /** Drops the preview (or a shown error) and goes back to the mic button. */
  const discard = useCallback(() => {
    revoke();
    setState({ status: 'idle' });
  }, [revoke]);

  return { state, start, stop, discard };
}
