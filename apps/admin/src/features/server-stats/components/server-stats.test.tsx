import '../../../test/setup.ts';
import { SERVER_STATS_EVENT, type ServerStatsFrame } from '@hiwar/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { regularAdmin, superAdmin } from '../../../test/fixtures.ts';
import { renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };

function makeFrame(overrides: Partial<ServerStatsFrame> = {}): ServerStatsFrame {
  return {
    instanceId: 'web-1-1234-abcdef',
    roles: ['api', 'realtime', 'worker'],
    version: '0.1.0',
    node: 'v24.11.0',
    at: '2027-03-01T08:00:00.000Z',
    startedAt: '2027-03-01T05:00:00.000Z',
    uptimeSeconds: 3 * 3600 + 12 * 60,
    memory: {
      rss: 150 * 1024 * 1024,
      heapUsed: 60 * 1024 * 1024,
      heapTotal: 80 * 1024 * 1024,
      external: 1024,
    },
    eventLoopDelay: { p50: 10.2, p99: 14.5, max: 30 },
    sockets: { instance: 12, all: 20 },
    queues: [
      { name: 'lesson-reminders', queued: 3, active: 1 },
      { name: 'payments-reconcile', queued: 0, active: 0 },
    ],
    pool: { total: 5, idle: 4, waiting: 0, max: 20 },
    intervalMs: 5000,
    ...overrides,
  };
}

/** A realtime connection that records what the screen sends and answers subscriptions with `answer`. */
class StatsSocket extends FakeSocket {
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  constructor(private readonly answer: string = 'ok') {
    super();
  }
  override emit(...args: unknown[]): this {
    this.sent.push({ event: String(args[0]), payload: args[1] });
    return this;
  }
  override timeout() {
    return {
      emitWithAck: (...args: unknown[]) => {
        this.sent.push({ event: String(args[0]), payload: args[1] });
        return Promise.resolve({ code: this.answer });
      },
    };
  }
}

const firstPaint = (frame: ServerStatsFrame) => ({
  method: 'GET',
  path: '/api/v1/stats/server',
  answer: () => ({ body: frame }),
});

describe('admin /server-stats', () => {
  it('paints the answering instance, then shows every instance’s live frames side by side', async () => {
    const socket = new StatsSocket();
    const { unmount } = renderAdmin({
      path: '/server-stats',
      signedInAs: superAdmin,
      socket,
      handlers: [firstPaint(makeFrame())],
    });

    const one = await screen.findByRole('region', { name: /web-1-1234-abcdef/ }, LOAD);
    expect(one).toHaveTextContent('٣ ساعات');
    expect(one).toHaveTextContent('١٥٠ ميغابايت');
    expect(one).toHaveTextContent('٦٠ ميغابايت من ٨٠ ميغابايت');
    expect(one).toHaveTextContent('١٤٫٥');
    expect(one).toHaveTextContent('٢٠');
    const queues = within(one).getByRole('table', { name: /طوابير المهام/ });
    expect(within(queues).getAllByRole('row')).toHaveLength(3);
    expect(queues).toHaveTextContent('lesson-reminders');
    await waitFor(() => expect(screen.getByText(/مباشر: تتحدّث الأرقام كل ٥ ثوانٍ/)).toBeInTheDocument());
    expect(socket.sent).toContainEqual({ event: 'server-stats:subscribe', payload: {} });

    act(() => {
      socket.fire(
        SERVER_STATS_EVENT,
        makeFrame({
          at: '2027-03-01T08:00:05.000Z',
          memory: { ...makeFrame().memory, rss: 200 * 1024 * 1024 },
        }),
      );
      socket.fire(
        SERVER_STATS_EVENT,
        makeFrame({
          instanceId: 'web-2-99-fedcba',
          at: '2027-03-01T08:00:04.000Z',
          queues: null,
          sockets: { instance: 8, all: 20 },
        }),
      );
      // Not a frame: ignored.
      socket.fire(SERVER_STATS_EVENT, { instanceId: 'x' });
    });

    expect(await screen.findByRole('region', { name: /web-2-99-fedcba/ })).toHaveTextContent(
      'لم تُنشأ طوابير المهام',
    );
    expect(screen.getByText('خادمان')).toBeInTheDocument();
    const updated = screen.getByRole('region', { name: /web-1-1234-abcdef/ });
    expect(updated).toHaveTextContent('٢٠٠ ميغابايت');
    const rssChart = within(updated).getByRole('img', { name: /الذاكرة المحجوزة، آخر قراءتين/ });
    expect(rssChart.getAttribute('aria-label')).toContain('١٥٠ ميغابايت، ٢٠٠ ميغابايت');

    // Leaving the screen leaves the channel: the screen's connection closes (or it unsubscribes first).
    unmount();
    const unsubscribed = socket.sent.at(-1)?.event === 'server-stats:unsubscribe';
    expect(unsubscribed || !socket.connected).toBe(true);
    expect(socket.listenerCount(SERVER_STATS_EVENT)).toBe(0);
  });

  it('marks an instance whose reports stopped', async () => {
    const socket = new StatsSocket();
    renderAdmin({
      path: '/server-stats',
      signedInAs: superAdmin,
      socket,
      handlers: [firstPaint(makeFrame())],
    });
    await screen.findByRole('region', { name: /web-1-1234-abcdef/ }, LOAD);
    act(() => {
      socket.fire(
        SERVER_STATS_EVENT,
        makeFrame({ instanceId: 'web-2-99-fedcba', at: '2027-03-01T08:01:00.000Z' }),
      );
    });
    const quiet = await screen.findByRole('region', { name: /web-1-1234-abcdef/ });
    await waitFor(() => expect(quiet).toHaveTextContent('لم يصل منه تحديث منذ مدة'));
    expect(screen.getByRole('region', { name: /web-2-99-fedcba/ })).not.toHaveTextContent('لم يصل منه تحديث');
  });

  it('says so when the channel refuses the subscription', async () => {
    renderAdmin({
      path: '/server-stats',
      signedInAs: superAdmin,
      socket: new StatsSocket('unallowed'),
      handlers: [firstPaint(makeFrame())],
    });
    expect(await screen.findByText('البث المباشر متاح لمدير النظام فقط.', {}, LOAD)).toBeInTheDocument();
  });

  it('is a SuperAdmin screen: a RegularAdmin sees no access and nothing is fetched', async () => {
    const { api } = renderAdmin({
      path: '/server-stats',
      signedInAs: regularAdmin,
      handlers: [firstPaint(makeFrame())],
    });
    expect(await screen.findByRole('heading', { level: 1 }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(api.calls('GET', '/api/v1/stats/server')).toHaveLength(0);
  });
});
