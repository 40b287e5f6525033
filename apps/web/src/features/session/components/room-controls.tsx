import type { MediaState } from '@hiwar/domain';
import { Button, cn, messages } from '@hiwar/ui';
import { MessageSquare, Mic, MicOff, MonitorUp, MonitorX, PhoneOff, Video, VideoOff } from 'lucide-react';
import type { RoomDevices } from '../hooks/use-room-devices.ts';
import { DeviceMenu } from './device-menu.tsx';

const text = messages.session.controls;

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
}

/**
 * The room's control bar: microphone, camera, the device menu, screen sharing, chat and leave
 * (toggle buttons).
 */
export function RoomControls(props: RoomControlsProps) {
  const { local } = props;
  const toggle = 'size-12 rounded-full p-0';
  return (
    <div role="toolbar" aria-label={text.label} className="flex flex-wrap items-center justify-center gap-3">
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
