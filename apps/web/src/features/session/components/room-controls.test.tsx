import '../../../test/setup.ts';
import { sessionMessages } from '@hiwar/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoomControls, type RoomControlsProps } from './room-controls.tsx';

const text = sessionMessages.controls;

function setup(overrides: Partial<RoomControlsProps> = {}) {
  const props: RoomControlsProps = {
    local: { camera: true, mic: true, screen: false },
    hasMic: true,
    hasCamera: true,
    canShareScreen: true,
    chatOpen: false,
    onToggleMic: vi.fn(),
    onToggleCamera: vi.fn(),
    onToggleScreen: vi.fn(),
    onToggleChat: vi.fn(),
    onLeave: vi.fn(),
    ...overrides,
  };
  render(<RoomControls {...props} />);
  return props;
}

describe('room controls', () => {
  it('offers to mute, stop the camera, share the screen, open the chat and leave', async () => {
    const props = setup();
    const toolbar = screen.getByRole('toolbar', { name: text.label });
    expect(toolbar).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.muteMic }));
    await userEvent.click(screen.getByRole('button', { name: text.cameraOff }));
    await userEvent.click(screen.getByRole('button', { name: text.shareScreen }));
    await userEvent.click(screen.getByRole('button', { name: text.openChat }));
    await userEvent.click(screen.getByRole('button', { name: text.leave }));
    expect(props.onToggleMic).toHaveBeenCalledTimes(1);
    expect(props.onToggleCamera).toHaveBeenCalledTimes(1);
    expect(props.onToggleScreen).toHaveBeenCalledTimes(1);
    expect(props.onToggleChat).toHaveBeenCalledTimes(1);
    expect(props.onLeave).toHaveBeenCalledTimes(1);
  });

  it('shows what is off as pressed toggles that turn it back on', () => {
    setup({ local: { camera: false, mic: false, screen: true }, chatOpen: true });
    expect(screen.getByRole('button', { name: text.unmuteMic })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: text.cameraOn })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: text.stopSharing })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: text.closeChat })).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables missing devices and hides screen sharing where the browser cannot share', () => {
    setup({ hasMic: false, hasCamera: false, canShareScreen: false });
    expect(screen.getByRole('button', { name: text.muteMic })).toBeDisabled();
    expect(screen.getByRole('button', { name: text.cameraOff })).toBeDisabled();
    expect(screen.queryByRole('button', { name: text.shareScreen })).toBeNull();
  });
});
