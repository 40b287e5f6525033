import '../../../test/setup.ts';
import { type MediaFile, type MediaListResponse, Role } from '@hiwar/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandler, RecordedRequest } from '../../../test/fake-api.ts';
import { regularAdmin, superAdmin, tutorManager } from '../../../test/fixtures.ts';
import { currentLocation, renderAdmin } from '../../../test/render-admin.tsx';

/** The first screen of a test loads a lazy route chunk: slow on a busy machine. */
const LOAD = { timeout: 10_000 };
const LIST = '/api/v1/media/list';
const WEB = 'http://web.test';

const owner = { id: 3, name: 'ليلى المعلمة', email: 'laila@hiwar.test', role: Role.Tutor };
const file = (overrides: Partial<MediaFile>): MediaFile => ({
  id: 1,
  name: `${'a'.repeat(32)}.jpg`,
  kind: 'upload',
  mime: 'image/jpeg',
  size: 204_800,
  createdAt: '2027-03-01T08:00:00.000Z',
  owner,
  uses: ['avatar'],
  orphaned: false,
  url: `${WEB}/assets/uploads/${'a'.repeat(32)}.jpg`,
  ...overrides,
});

const avatar = file({});
const video = file({
  id: 2,
  name: `${'b'.repeat(32)}.mp4`,
  mime: 'video/mp4',
  size: 30 * 1024 * 1024,
  uses: ['video'],
  url: `${WEB}/assets/uploads/${'b'.repeat(32)}.mp4`,
});
const receipt = file({
  id: 3,
  name: `${'c'.repeat(32)}.png`,
  kind: 'receipt',
  mime: 'image/png',
  uses: ['receipt'],
  url: `${WEB}/assets/receipts/${'c'.repeat(32)}.png`,
});
const orphan = file({
  id: 4,
  name: `${'d'.repeat(32)}.jpg`,
  owner: null,
  uses: [],
  orphaned: true,
  url: `${WEB}/assets/uploads/${'d'.repeat(32)}.jpg`,
});

function mediaHandlers(
  list: MediaFile[] = [avatar, video, receipt, orphan],
  removableOrphans = 1,
): FakeHandler[] {
  return [
    {
      method: 'GET',
      path: LIST,
      answer: (): { body: MediaListResponse } => ({ body: { list, total: list.length, removableOrphans } }),
    },
    {
      method: 'GET',
      path: /^\/assets\/receipts\//,
      answer: () => ({ body: 'picture-bytes' }),
    },
  ];
}

const lastListQuery = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.pathname === LIST).at(-1)?.url.searchParams;

describe('admin /media', () => {
  it('lists files with their owner, uses and size, and filters them from the address', async () => {
    const { api, user, router } = renderAdmin({
      path: '/media',
      signedInAs: regularAdmin,
      handlers: mediaHandlers(),
    });
    const table = await screen.findByRole('table', { name: 'الملفات المخزنة' }, LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'ليلى المعلمة' })).toHaveAttribute('href', '/user/3');
    expect(first).toHaveTextContent('صورة شخصية');
    expect(first).toHaveTextContent('٢٠٠ كيلوبايت');
    expect(rows[1]).toHaveTextContent('٣٠ ميغابايت');
    expect(rows[2]).toHaveTextContent('إيصال طلب سحب');
    expect(rows[3]).toHaveTextContent('غير مستخدم');
    expect(rows[3]).toHaveTextContent('بلا مالك');
    expect(screen.getByText('٤ ملفات')).toBeInTheDocument();
    // A RegularAdmin looks only.
    expect(screen.queryByRole('button', { name: 'حذف الملفات غير المستخدمة' })).not.toBeInTheDocument();

    const filters = screen.getByRole('search', { name: 'تصفية الملفات' });
    await user.selectOptions(within(filters).getByLabelText('النوع'), 'إيصال تحويل');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('kind')).toBe('receipt'));
    await user.click(within(filters).getByRole('checkbox', { name: 'الملفات غير المستخدمة فقط' }));
    await waitFor(() => expect(lastListQuery(api.requests)?.get('orphaned')).toBe('true'));
    await user.type(within(filters).getByLabelText('من تاريخ'), '2027-03-01');
    await waitFor(() => expect(lastListQuery(api.requests)?.get('from')).toBe('2027-03-01'));
    expect(currentLocation(router)).toBe('/media?kind=receipt&orphaned=true&from=2027-03-01');

    await user.click(within(filters).getByRole('button', { name: 'مسح عوامل التصفية' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/media'));
  });

  it('previews a private receipt fetched with the bearer token, and a video from its public address', async () => {
    const { api, user } = renderAdmin({
      path: '/media',
      signedInAs: regularAdmin,
      handlers: mediaHandlers(),
    });
    await screen.findByRole('table', { name: 'الملفات المخزنة' }, LOAD);

    await user.click(screen.getByRole('button', { name: `معاينة الملف ${receipt.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'معاينة الملف' });
    const picture = await within(dialog).findByRole('img', { name: 'إيصال تحويل يملكه ليلى المعلمة' });
    expect(picture.getAttribute('src')).toMatch(/^blob:/);
    const fetched = api.calls('GET', `/assets/receipts/${receipt.name}`);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `معاينة الملف ${video.name}` }));
    const player = (await screen.findByRole('dialog', { name: 'معاينة الملف' })).querySelector('video');
    expect(player).toHaveAttribute('src', video.url);
    expect(player).toHaveAccessibleName('فيديو يملكه ليلى المعلمة');
  });

  it('lets a SuperAdmin remove orphaned files after confirming, and says what went', async () => {
    const { api, user } = renderAdmin({
      path: '/media',
      signedInAs: superAdmin,
      handlers: [
        ...mediaHandlers(),
        {
          method: 'DELETE',
          path: '/api/v1/media/orphans',
          answer: () => ({ body: { removed: 1, bytes: 2048, more: false } }),
        },
      ],
    });
    expect(
      await screen.findByText('الملفات غير المستخدمة الأقدم من ساعة: ملف واحد.', {}, LOAD),
    ).toBeInTheDocument();
    const listCalls = api.calls('GET', LIST).length;
    await user.click(screen.getByRole('button', { name: 'حذف الملفات غير المستخدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف الملفات غير المستخدمة؟' });
    expect(api.calls('DELETE', '/api/v1/media/orphans')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'حذف نهائيًا' }));

    expect(await screen.findByText('تم حذف ملف واحد (٢ كيلوبايت).')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/v1/media/orphans')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET', LIST).length).toBeGreaterThan(listCalls));
  });

  it('disables removal when no orphan is old enough', async () => {
    renderAdmin({ path: '/media', signedInAs: superAdmin, handlers: mediaHandlers([avatar], 0) });
    expect(await screen.findByRole('button', { name: 'حذف الملفات غير المستخدمة' }, LOAD)).toBeDisabled();
  });

  it('is closed to a TutorManager', async () => {
    const { api } = renderAdmin({ path: '/media', signedInAs: tutorManager, handlers: mediaHandlers() });
    expect(await screen.findByRole('alert', {}, LOAD)).toBeInTheDocument();
    expect(api.calls('GET', LIST)).toHaveLength(0);
  });
});
