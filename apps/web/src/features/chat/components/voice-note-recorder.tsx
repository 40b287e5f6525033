import { VOICE_NOTE_LIMITS } from '@hiwar/domain';
import { Button, chatVoiceMessages, cn } from '@hiwar/ui';
import { Mic, Send, Square, Trash2 } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import type { useVoiceRecorder, VoiceRecorderState } from '../lib/voice-recorder.ts';

const text = chatVoiceMessages;
const MAX = VOICE_NOTE_LIMITS.maxSeconds;

export type VoiceRecorder = ReturnType<typeof useVoiceRecorder>;

/**
 * The composer's mic button (decision 0041): press to record, press again to stop. The same button
 * stays under the focus while its name changes, so the keyboard never loses its place.
 */
export function VoiceNoteButton({
  voice,
  disabled,
  buttonRef,
}: {
  voice: VoiceRecorder;
  disabled: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { status } = voice.state;
  const recording = status === 'recording' || status === 'starting';
  return (
    <Button
      ref={buttonRef}
      type="button"
      variant={recording ? 'danger' : 'ghost'}
      size="icon"
      aria-label={recording ? text.stop : text.record}
      data-voice={status}
      disabled={disabled || status === 'recorded' || status === 'starting'}
      onClick={() => (status === 'recording' ? voice.stop() : void voice.start())}
    >
      {recording ? <Square aria-hidden="true" className="fill-current" /> : <Mic aria-hidden="true" />}
    </Button>
  );
}

/** What the polite live region says for a state of the recorder (null: nothing new to say). */
function announcementFor(state: VoiceRecorderState): string | null {
  switch (state.status) {
    case 'recording': {
      const { seconds } = state;
      if (seconds === 0) {
        return text.announce.started(MAX);
      }
      if (MAX - seconds === 10) {
        return text.announce.remaining(10);
      }
      return seconds % 30 === 0 ? text.announce.elapsed(seconds) : null;
    }
    case 'recorded': {
      const { recording } = state;
      return recording.stoppedAtLimit ? text.announce.limit(MAX) : text.announce.stopped(recording.seconds);
    }
    default:
      return null;
  }
}

/**
 * The recorder's panel above the composer's row: the running timer while recording, then a preview to
 * listen to with "send" and "delete", or why recording failed. Always renders its polite live region,
 * so what it announces (start, every half minute, ten seconds left, stop) is read out.
 */
export function VoiceNotePanel({
  voice,
  onSend,
  sending,
  micRef,
}: {
  voice: VoiceRecorder;
  /** Sends the recorded file as a message; answers `ok` or an error code (shown by the composer). */
  onSend: (file: File) => Promise<string>;
  sending: boolean;
  /** Where the focus goes back to once the note is sent or deleted. */
  micRef: { current: HTMLButtonElement | null };
}) {
  const { state } = voice;
  const [said, setSaid] = useState('');
  const sendRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const next = announcementFor(state);
    if (next) {
      setSaid(next);
    }
  }, [state]);
  // A finished recording: its "send" button takes the focus.
  const recorded = state.status === 'recorded';
  useEffect(() => {
    if (recorded) {
      sendRef.current?.focus();
    }
  }, [recorded]);

  // Once the note is sent or deleted the focus goes back to the mic button, as soon as it is enabled
  // again (the upload's end re-renders the composer).
  const refocus = useRef(false);
  useEffect(() => {
    const mic = micRef.current;
    if (refocus.current && mic && !mic.disabled) {
      refocus.current = false;
      mic.focus();
    }
  });
  const finish = (message: string) => {
    setSaid(message);
    refocus.current = true;
    voice.discard();
  };
  const send = async (file: File) => {
    if ((await onSend(file)) === 'ok') {
      finish(text.announce.sent);
    }
  };

  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      {state.status === 'recording' ? (
        <div className="flex items-center gap-2 rounded-xl border border-border bg-surface-muted px-3 py-2 text-sm">
          <span aria-hidden="true" className="size-2.5 shrink-0 animate-pulse rounded-full bg-danger" />
          <span className="font-semibold">{text.recording}</span>
          <span
            aria-hidden="true"
            data-testid="voice-timer"
            className="ms-auto tabular-nums text-muted-foreground"
          >
            {text.elapsed(state.seconds, MAX)}
          </span>
        </div>
      ) : null}
      {state.status === 'recorded' ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-surface-muted p-2">
          {/* biome-ignore lint/a11y/useMediaCaption: a voice note the user just recorded has no captions. */}
          <audio
            controls
            src={state.recording.url}
            aria-label={text.preview}
            className="h-10 min-w-0 flex-1"
          />
          <span className="text-xs tabular-nums text-muted-foreground">
            {text.clock(state.recording.seconds)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={text.discard}
            disabled={sending}
            onClick={() => finish(text.announce.discarded)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
          <Button
            ref={sendRef}
            type="button"
            size="icon"
            aria-label={text.send}
            loading={sending}
            disabled={sending}
            onClick={() => void send(state.recording.file)}
          >
            {sending ? null : <Send aria-hidden="true" className="rtl:-scale-x-100" />}
          </Button>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <p role="alert" className={cn('text-xs font-semibold text-danger')}>
          {text.errors[state.error]}
        </p>
      ) : null}
    </>
  );
}
