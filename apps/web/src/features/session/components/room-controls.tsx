import type { MediaState } from '@hiwar/domain';
import { Button, cn, sessionMessages } from '@hiwar/ui';
import { MessageSquare, Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Video, VideoOff } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { RoomDevices } from '../hooks/use-room-devices.ts';
import { DeviceMenu } from './device-menu.tsx';

const text = sessionMessages.controls;

export interface RoomControlsProps {
  local: MediaState;
  hasMic: boolean;
  hasCamera: boolean;
  canShareScreen: boolean;
  chatOpen: boolean;
  /** The device menu's choices; without them there is no device menu. */
  devices?: RoomDevices;
  onToggleMic: () => void;
  onToggleCamera: () => void;
  onToggleScreen: () => void;
  onToggleChat: () => void;
  onLeave: () => void;
  /** "Leave the lesson" unless said otherwise (an interview). */
  leaveLabel?: string;
  /** Takes the focus when shown (the member just joined with the keyboard's button gone). */
  autoFocus?: boolean;
}

/**
 * The toolbar's arrow keys (WAI-ARIA toolbar): Left and Right move between its buttons in the reading
 * direction (so Left goes to the next one in Arabic), Home and End to the first and last. Tab still
 * stops on each button.
 */
function moveInToolbar(event: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')].filter(
    (button) => !button.disabled,
  );
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (current === -1) {
    return;
  }
  // The product is Arabic (the UI provider sets RTL): left-to-right only under an explicit dir="ltr".
  const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') !== 'ltr';
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  const last = buttons.length - 1;
  const target =
    event.key === forward
      ? (current + 1) % buttons.length
      : event.key === backward
        ? (current - 1 + buttons.length) % buttons.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (target === null) {
    return;
  }
  event.preventDefault();
  buttons[target]?.focus();
}

/**
 * The room's control bar: microphone, camera, the device menu, screen sharing, chat and leave
 * (toggle buttons).
 */
export function RoomControls(props: RoomControlsProps) {
  const { local, autoFocus = false } = props;
  const toggle = 'size-12 rounded-full p-0';
  const toolbar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) {
      toolbar.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    }
  }, [autoFocus]);
  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={text.label}
      onKeyDown={moveInToolbar}
      className="flex flex-wrap items-center justify-center gap-3"
    >
      <Button
        variant={local.mic ? 'secondary' : 'danger'}
        className={toggle}
        aria-label={local.mic ? text.muteMic : text.unmuteMic}
        aria-pressed={!local.mic}
        disabled={!props.hasMic}
        onClick={props.onToggleMic}
      >
        {local.mic ? <Mic aria-hidden /> : <MicOff aria-hidden />}
      </Button>
      <Button
        variant={local.camera ? 'secondary' : 'danger'}
        className={toggle}
        aria-label={local.camera ? text.cameraOff : text.cameraOn}
        aria-pressed={!local.camera}
        disabled={!props.hasCamera}
        onClick={props.onToggleCamera}
      >
        {local.camera ? <Video aria-hidden /> : <VideoOff aria-hidden />}
      </Button>
      {props.devices ? <DeviceMenu devices={props.devices} className={toggle} /> : null}
      {props.canShareScreen ? (
        <Button
          variant={local.screen ? 'primary' : 'secondary'}
          className={toggle}
          aria-label={local.screen ? text.stopSharing : text.shareScreen}
          aria-pressed={local.screen}
          onClick={props.onToggleScreen}
        >
          {local.screen ? <MonitorX aria-hidden /> : <MonitorUp aria-hidden />}
        </Button>
      ) : null}
      <Button
        variant={props.chatOpen ? 'primary' : 'secondary'}
        className={toggle}
        aria-label={props.chatOpen ? text.closeChat : text.openChat}
        aria-pressed={props.chatOpen}
        onClick={props.onToggleChat}
      >
        <MessageSquare aria-hidden />
      </Button>
      <Button variant="danger" className={cn('h-12 rounded-full px-5')} onClick={props.onLeave}>
        <PhoneOff aria-hidden />
        {props.leaveLabel ?? text.leave}
      </Button>
    </div>
  );
}
