import type { Report } from '@hiwar/domain';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../testing/accounts.ts';
import { createApiClient, type FetchLike } from '../api-client.ts';
import { findPlatformSettingsAudit, updatePlatformSettings } from './platform-settings.ts';
import {
  createContactRequest,
  createReport,
  fetchReportScreenshot,
  findReports,
  updateContactRequest,
} from './support.ts';

const stamp = '2027-03-01T08:00:00.000Z';
const report: Report = {
  id: 4,
  userId: 12,
  reporter: { id: 12, name: 'يوسف', image: null, email: 'yousef@hiwar.test', role: 4 },
  title: 'الصوت ينقطع',
  description: 'الصوت ينقطع كل دقيقة.',
  lessonId: 9,
  lessonStart: stamp,
  screenshot: null,
  resolved: false,
  resolvedAt: null,
  resolvedBy: null,
  replyCount: 0,
  hasStaffReply: false,
  lastReplyAt: null,
  createdAt: stamp,
  updatedAt: stamp,
};

function setup(answer: (url: URL, init: RequestInit) => Response) {
  const fetch = vi.fn<FetchLike>(async (url, init) => answer(new URL(String(url)), init));
  const client = createApiClient({ baseUrl: 'https://api.example', fetch, createXhr: null });
  const calls = () => fetch.mock.calls.map(([url, init]) => ({ url: new URL(String(url)), init }));
  return { client, calls };
}

describe('support endpoints', () => {
  it('sends a report without a screenshot as JSON', async () => {
    const { client, calls } = setup(() => jsonResponse(200, report));
    const created = await createReport(client, { title: report.title, description: report.description });
    expect(created.id).toBe(4);
    const [call] = calls();
    expect(call?.init.method).toBe('POST');
    expect(call?.url.pathname).toBe('/api/v1/report');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      title: report.title,
      description: report.description,
      lessonId: null,
    });
  });

  it('sends a report with a screenshot as multipart, reporting progress', async () => {
    const { client, calls } = setup(() =>
      jsonResponse(200, { ...report, screenshot: 'https://web/assets/reports/a.jpg' }),
    );
    const progress: number[] = [];
    const screenshot = new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' });
    await createReport(
      client,
      { title: report.title, description: report.description, lessonId: 9, screenshot },
      { onProgress: (percent) => progress.push(percent) },
    );
    const [call] = calls();
    expect(call?.init.method).toBe('POST');
    const body = call?.init.body as FormData;
    expect(body.get('title')).toBe(report.title);
    expect(body.get('lessonId')).toBe('9');
    expect((body.get('screenshot') as File).name).toBe('shot.png');
    expect(progress).toEqual([100]);
  });

  it('lists reports with filters and reads the open count', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { list: [report], total: 1, unresolved: 3 }));
    const page = await findReports(client, { resolved: false, userId: 12, search: 'صوت' });
    expect(page.unresolved).toBe(3);
    const query = calls()[0]?.url.searchParams;
    expect(query?.get('resolved')).toBe('false');
    expect(query?.get('userId')).toBe('12');
    expect(query?.get('search')).toBe('صوت');
  });

  it('fetches a private screenshot by its path, with the token', async () => {
    const { client, calls } = setup(() => new Response('jpeg-bytes', { status: 200 }));
    const blob = await fetchReportScreenshot(client, 'https://web.example/assets/reports/abc.jpg');
    expect(await blob.text()).toBe('jpeg-bytes');
    expect(calls()[0]?.url.toString()).toBe('https://api.example/assets/reports/abc.jpg');
  });

  it('sends the public contact form and marks requests handled', async () => {
    const { client, calls } = setup((url) =>
      url.pathname.endsWith('/contact-request/')
        ? jsonResponse(200, { ok: true })
        : jsonResponse(200, {
            id: 3,
            name: 'سارة',
            phone: '01012345678',
            email: null,
            title: 'سؤال عن الأسعار',
            message: 'هل توجد خطة للعائلات؟',
            handled: true,
            handledAt: stamp,
            handledBy: { id: 1, name: 'كريم', image: null },
            createdAt: stamp,
          }),
    );
    expect(
      await createContactRequest(client, {
        name: 'سارة',
        phone: '01012345678',
        title: 'سؤال عن الأسعار',
        message: 'هل توجد خطة للعائلات؟',
      }),
    ).toEqual({ ok: true });
    expect((await updateContactRequest(client, 3, true)).handled).toBe(true);
    expect(JSON.parse(String(calls()[1]?.init.body))).toEqual({ handled: true });
    expect(calls()[1]?.url.pathname).toBe('/api/v1/contact-request/3');
  });

  it('saves settings and pages their audit', async () => {
    const { client, calls } = setup((url) =>
      url.pathname.endsWith('/audit')
        ? jsonResponse(200, { list: [], total: 0 })
        : jsonResponse(200, { list: [] }),
    );
    await updatePlatformSettings(client, { freeCancelHours: 6 });
    expect(JSON.parse(String(calls()[0]?.init.body))).toEqual({ freeCancelHours: 6 });
    expect(calls()[0]?.init.method).toBe('PUT');
    await findPlatformSettingsAudit(client, { key: 'freeCancelHours', page: 2 });
    expect(calls()[1]?.url.searchParams.get('key')).toBe('freeCancelHours');
    expect(calls()[1]?.url.searchParams.get('page')).toBe('2');
  });
});
