/**
 * What the browser does about a new chat message (the room is not muted and not on screen: decided by
 * `useChatEvents`): a short chime made with Web Audio (no sound file to load), and a system
 * notification while the tab is in the background, when the user allowed them.
 */

type AudioContextConstructor = new () => AudioContext;

let audio: AudioContext | null = null;

/** A soft two-note chime; silent where the browser has no Web Audio or refuses sound (no gesture yet). */
export function playMessageSound(): void {
  const AudioContextClass = (globalThis as { AudioContext?: AudioContextConstructor }).AudioContext;
  if (!AudioContextClass) {
    return;
  }
  try {
    audio ??= new AudioContextClass();
    const context = audio;
    if (context.state === 'suspended') {
      void context.resume().catch(() => undefined);
    }
    const start = context.currentTime;
    for (const [index, frequency] of [880, 1318.5].entries()) {
      const at = start + index * 0.12;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.3);
    }
  } catch {
    // No sound is better than a broken page.
  }
}

function notificationApi(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null;
}

/** Whether the browser can show notifications and has not been asked yet (the prompt is worth showing). */
export function canAskForNotifications(): boolean {
  return notificationApi()?.permission === 'default';
}

/** Asks the user to allow notifications; answers whether they are allowed now. */
export async function askForNotifications(): Promise<boolean> {
  const api = notificationApi();
  if (!api) {
    return false;
  }
  try {
    return (await api.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

/**
 * A system notification, when allowed; one per room (`tag`), the newest replacing the last. Clicking it
 * brings the tab forward and calls `onClick`. Answers whether one was shown.
 */
export function showBrowserNotification(options: {
  title: string;
  body: string;
  tag: string;
  onClick: () => void;
}): boolean {
  const api = notificationApi();
  if (api?.permission !== 'granted') {
    return false;
  }
  try {
    const notification = new api(options.title, {
      body: options.body,
      tag: options.tag,
      lang: 'ar',
      dir: 'rtl',
    });
    notification.onclick = () => {
      globalThis.focus?.();
      options.onClick();
      notification.close();
    };
    return true;
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
    return false;
  }
}
