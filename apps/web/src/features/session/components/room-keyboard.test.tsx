import '../../../test/setup.ts';
import { Role } from '@hiwar/domain';
import { sessionMessages } from '@hiwar/ui';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { json, makeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { device, FakePeerConnection, openFake } from '../testing/fake-media.ts';

const text = sessionMessages;

beforeEach(() => {
  FakePeerConnection.created = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async (constraints: MediaStreamConstraints) => openFake(constraints)),
      getDisplayMedia: vi.fn(async () => openFake({ video: { deviceId: { exact: 'screen' } } })),
      enumerateDevices: vi.fn(async () => [
        device('videoinput', 'cam-1', 'Front camera'),
        device('audioinput', 'mic-1', 'Laptop microphone'),
      ]),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
  });
});

afterEach(() => {
  // The room closes its peer connection while the fakes are still in place.
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  sessionStorage.clear();
});

/** Issue 15: the lesson room from the keyboard alone. */
describe('the lesson room from the keyboard', { timeout: 30_000 }, () => {
  it('joining puts the focus on the controls, arrows walk them, leaving and rejoining keep the focus', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/lesson/5',
      user: { id: 1, role: Role.Student },
      socket: new FakeSocket(),
      api: (request) =>
        request.path.startsWith('/api/v1/session/5') ? json(200, makeSession(-60_000)) : undefined,
    });
    await screen.findByText(text.preJoin.ready);
    screen.getByRole('button', { name: text.preJoin.join }).focus();
    await user.keyboard('{Enter}');

    // In the room: the first control has the focus (the join button is gone).
    const mic = await screen.findByRole('button', { name: text.controls.muteMic });
    await waitFor(() => expect(mic).toHaveFocus());

    // Arrows in the reading direction: Left is the next control in Arabic, Right the previous, End the last.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: text.controls.cameraOff })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(mic).toHaveFocus();
    await user.keyboard('{End}');
    const leave = screen.getByRole('button', { name: text.controls.leave });
    expect(leave).toHaveFocus();

    // Leaving: the "you left" screen has the focus; rejoining puts it back on the controls.
    await user.keyboard('{Enter}');
    const left = await screen.findByRole('heading', { name: text.ended.left });
    await waitFor(() => expect(left.parentElement).toHaveFocus());
    await user.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: text.ended.rejoin })).toHaveFocus();
    // Back in (the camera and microphone open again): a control of the room has the focus.
    await user.keyboard('{Enter}');
    const toolbar = await screen.findByRole('toolbar', { name: text.controls.label });
    await waitFor(() => expect(toolbar).toContainElement(document.activeElement as HTMLElement));
  });

  it('a reload straight into the room leaves the focus alone', async () => {
    sessionStorage.setItem('hiwar:room-joined:lesson:5', '1');
    renderApp({
      path: '/lesson/5',
      user: { id: 1, role: Role.Student },
      socket: new FakeSocket(),
      api: (request) =>
        request.path.startsWith('/api/v1/session/5') ? json(200, makeSession(-60_000)) : undefined,
    });
    const toolbar = await screen.findByRole('toolbar', { name: text.controls.label });
    await screen.findByRole('button', { name: text.controls.muteMic });
    expect(toolbar).not.toContainElement(document.activeElement as HTMLElement);
  });
});
