import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  basic,
  bearer,
  buildQueryString,
  createApiClient,
  type FetchLike,
  HttpError,
  isApiError,
  isHttpError,
} from './api-client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(response: Response | (() => Promise<Response>)) {
  return vi.fn<FetchLike>(() =>
    typeof response === 'function' ? response() : Promise.resolve(response.clone()),
  );
}

function lastCall(fetch: ReturnType<typeof mockFetch>): { url: string; init: RequestInit } {
  const call = fetch.mock.calls.at(-1);
  if (!call) {
    throw new Error('fetch was not called');
  }
  return { url: call[0], init: call[1] };
}

describe('createApiClient requests', () => {
  it('sends a JSON body with its content type, cookies and the method', async () => {
    const fetch = mockFetch(jsonResponse(201, { id: 1 }));
    const api = createApiClient({ baseUrl: 'https://api.example/', fetch });

    const result = await api.post<{ id: number }>('/api/v1/lesson/', { body: { tutorId: 3, duration: 30 } });

    expect(result).toEqual({ id: 1 });
    const { url, init } = lastCall(fetch);
    expect(url).toBe('https://api.example/api/v1/lesson/');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"tutorId":3,"duration":30}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('sends no body and no content type on a GET', async () => {
    const fetch = mockFetch(jsonResponse(200, []));
    const api = createApiClient({ baseUrl: '', fetch });

    await api.get('/api/v1/topic/list');

    const { url, init } = lastCall(fetch);
    expect(url).toBe('/api/v1/topic/list');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(init.credentials).toBe('include');
  });

  it('serialises the query, skipping undefined and null, repeating arrays and writing dates as ISO', async () => {
    const fetch = mockFetch(jsonResponse(200, { list: [], total: 0 }));
    const api = createApiClient({ baseUrl: 'https://api.example', fetch });

    await api.get('/api/v1/user/list', {
      query: {
        page: 2,
        size: 10,
        search: 'أحمد علي',
        role: undefined,
        city: null,
        members: [1, 2],
        from: new Date(Date.UTC(2030, 0, 1)),
        active: false,
      },
    });

    const url = new URL(lastCall(fetch).url);
    expect(url.pathname).toBe('/api/v1/user/list');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.get('search')).toBe('أحمد علي');
    expect(url.searchParams.has('role')).toBe(false);
    expect(url.searchParams.has('city')).toBe(false);
    expect(url.searchParams.getAll('members')).toEqual(['1', '2']);
    expect(url.searchParams.get('from')).toBe('2030-01-01T00:00:00.000Z');
    expect(url.searchParams.get('active')).toBe('false');
  });

  it('leaves the query string out when every value is undefined', () => {
    expect(buildQueryString({ a: undefined })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('adds the bearer Authorization header read at request time', async () => {
    const fetch = mockFetch(jsonResponse(200, {}));
    let token: string | null = null;
    const api = createApiClient({
      baseUrl: '',
      fetch,
      getAuthorization: () => (token ? bearer(token) : null),
    });

    await api.get('/api/v1/user/current');
    expect(lastCall(fetch).init.headers).not.toHaveProperty('Authorization');

    token = 'abc.def.ghi';
    await api.get('/api/v1/user/current');
    expect(lastCall(fetch).init.headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi' });
  });

  it('builds a basic Authorization value from UTF-8 credentials', () => {
    expect(basic('user', 'pass')).toBe('Basic dXNlcjpwYXNz');
    expect(basic('سارة', 'x')).toBe(`Basic ${Buffer.from('سارة:x', 'utf8').toString('base64')}`);
  });

  it('lets per-request headers override the defaults', async () => {
    const fetch = mockFetch(jsonResponse(200, {}));
    const api = createApiClient({ baseUrl: '', fetch, getAuthorization: () => bearer('old') });

    await api.post('/api/v1/auth/refresh-token', { headers: { Authorization: bearer('explicit') } });

    expect(lastCall(fetch).init.headers).toMatchObject({ Authorization: 'Bearer explicit' });
  });

  it('passes the abort signal through and sets no timeout of its own', async () => {
    const fetch = mockFetch(jsonResponse(200, {}));
    const api = createApiClient({ baseUrl: '', fetch });
    const controller = new AbortController();

    await api.delete('/api/v1/lesson/5', { signal: controller.signal });

    expect(lastCall(fetch).init.signal).toBe(controller.signal);
  });

  it('resolves undefined for 204 No Content', async () => {
    const fetch = mockFetch(new Response(null, { status: 204 }));
    const api = createApiClient({ baseUrl: '', fetch });

    await expect(api.delete('/api/v1/topic/3')).resolves.toBeUndefined();
  });

  it('resolves undefined for an empty 200 body', async () => {
    const fetch = mockFetch(new Response('', { status: 200 }));
    const api = createApiClient({ baseUrl: '', fetch });

    await expect(api.put('/api/v1/auth/verify-email', { body: { token: 't' } })).resolves.toBeUndefined();
  });

  it('reads a blob when asked to', async () => {
    const fetch = mockFetch(new Response(new Blob(['png-bytes'], { type: 'image/png' }), { status: 200 }));
    const api = createApiClient({ baseUrl: '', fetch });

    const blob = await api.get<Blob>('/assets/uploads/a.png', { responseType: 'blob' });

    expect(await blob.text()).toBe('png-bytes');
  });
});

describe('createApiClient errors', () => {
  it('throws ApiError with code, status and message when the body has a known code', async () => {
    const fetch = mockFetch(jsonResponse(409, { code: 'busy-tutor', message: 'Tutor is busy' }));
    const api = createApiClient({ baseUrl: '', fetch });

    const error = await api.post('/api/v1/lesson/', { body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'busy-tutor', status: 409, message: 'Tutor is busy' });
  });

  it('uses the code as message when the body has none', async () => {
    const fetch = mockFetch(jsonResponse(401, { code: 'unauthenticated' }));
    const api = createApiClient({ baseUrl: '', fetch });

    await expect(api.get('/api/v1/user/current')).rejects.toMatchObject({
      code: 'unauthenticated',
      status: 401,
      message: 'unauthenticated',
    });
  });

  it('carries when to retry a too-many-requests: the body’s details, else the Retry-After header', async () => {
    const tooMany = (details: unknown, headers: Record<string, string> = {}) =>
      createApiClient({
        baseUrl: '',
        fetch: mockFetch(
          new Response(JSON.stringify({ code: 'too-many-requests', message: 'slow down', details }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', ...headers },
          }),
        ),
      })
        .post('/api/v1/user/', { body: {} })
        .catch((e: unknown) => e);

    expect(await tooMany({ retryAfterSeconds: 120 }, { 'Retry-After': '999' })).toMatchObject({
      code: 'too-many-requests',
      retryAfterSeconds: 120,
    });
    expect(await tooMany(undefined, { 'Retry-After': '45' })).toMatchObject({ retryAfterSeconds: 45 });
    expect(await tooMany({ retryAfterSeconds: 'soon' })).toMatchObject({ retryAfterSeconds: null });
    const other = await createApiClient({
      baseUrl: '',
      fetch: mockFetch(jsonResponse(409, { code: 'busy-tutor' })),
    })
      .post('/api/v1/lesson/', { body: {} })
      .catch((e: unknown) => e);
    expect(other).toMatchObject({ retryAfterSeconds: null });
  });

  it('rethrows a network error as the very same error', async () => {
    const networkError = new TypeError('Failed to fetch');
    const fetch = vi.fn<FetchLike>(() => Promise.reject(networkError));
    const api = createApiClient({ baseUrl: '', fetch });

    const error = await api.get('/api/v1/plan/list').catch((e: unknown) => e);

    expect(error).toBe(networkError);
    expect(isApiError(error)).toBe(false);
  });

  it('rethrows an abort as the very same error', async () => {
    const abort = new DOMException('Aborted', 'AbortError');
    const fetch = vi.fn<FetchLike>(() => Promise.reject(abort));
    const api = createApiClient({ baseUrl: '', fetch });

    await expect(api.get('/api/v1/plan/list')).rejects.toBe(abort);
  });

  it('throws HttpError carrying the body when the code is not in the catalogue', async () => {
    const fetch = mockFetch(jsonResponse(418, { code: 'teapot', message: 'short and stout' }));
    const api = createApiClient({ baseUrl: '', fetch });

    const error = await api.get('/api/v1/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(isApiError(error)).toBe(false);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 418, body: { code: 'teapot', message: 'short and stout' } });
  });

  it('throws HttpError with the text of a non-JSON failure', async () => {
    const fetch = mockFetch(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const api = createApiClient({ baseUrl: '', fetch });

    await expect(api.get('/api/v1/x')).rejects.toMatchObject({
      status: 502,
      body: '<html>Bad Gateway</html>',
    });
  });

  it('recognises an ApiError from another copy of the class by its shape', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', code: 'forbidden', status: 403 });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(Object.assign(new Error('x'), { name: 'ApiError', code: 'nope', status: 403 }))).toBe(
      false,
    );
    expect(isApiError('forbidden')).toBe(false);
  });
});

/** Just enough of XMLHttpRequest for `upload`; the test drives its events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  sent: unknown = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: unknown): void {
    this.sent = body;
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: string): void {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function xhrClient(getAuthorization?: () => string | null) {
  FakeXhr.last = null;
  return createApiClient({
    baseUrl: 'https://api.example',
    fetch: vi.fn<FetchLike>(),
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    ...(getAuthorization ? { getAuthorization } : {}),
  });
}

function currentXhr(): FakeXhr {
  if (!FakeXhr.last) {
    throw new Error('no XHR was opened');
  }
  return FakeXhr.last;
}

describe('createApiClient upload', () => {
  it('PUTs the form data with cookies and auth, reports progress 0-100 and resolves the JSON answer', async () => {
    const api = xhrClient(() => bearer('tok'));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    const progress: number[] = [];

    const pending = api.upload<{ name: string }>('/api/v1/user/asset/tutor', form, {
      query: { tutorId: 9 },
      onProgress: (percent) => progress.push(percent),
    });
    const xhr = currentXhr();
    xhr.progress(0, 200);
    xhr.progress(67, 200);
    xhr.progress(200, 200);
    xhr.respond(200, '{"name":"a.png"}');

    await expect(pending).resolves.toEqual({ name: 'a.png' });
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://api.example/api/v1/user/asset/tutor?tutorId=9');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(xhr.headers).not.toHaveProperty('Content-Type');
    expect(xhr.sent).toBe(form);
    expect(progress).toEqual([0, 34, 100, 100]);
  });

  it('aborts the request through the signal and rejects with the abort reason', async () => {
    const api = xhrClient();
    const controller = new AbortController();

    const pending = api.upload('/api/v1/user/asset', new FormData(), { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(currentXhr().aborted).toBe(true);
  });

  it('does not start when the signal is already aborted', async () => {
    const api = xhrClient();
    const controller = new AbortController();
    controller.abort();

    await expect(
      api.upload('/api/v1/user/asset', new FormData(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBeNull();
  });

  it('throws ApiError for a known code and a TypeError on network failure', async () => {
    const api = xhrClient();

    const failed = api.upload('/api/v1/user/asset', new FormData());
    currentXhr().respond(413, '{"code":"payload-too-large","message":"too big"}');
    await expect(failed).rejects.toMatchObject({ code: 'payload-too-large', status: 413 });

    const offline = api.upload('/api/v1/user/asset', new FormData());
    currentXhr().onerror?.();
    await expect(offline).rejects.toBeInstanceOf(TypeError);
  });

  it('falls back to fetch when there is no XMLHttpRequest', async () => {
    const fetch = mockFetch(jsonResponse(200, { ok: true }));
    const api = createApiClient({ baseUrl: '', fetch, createXhr: null });
    const form = new FormData();
    const progress: number[] = [];

    await expect(
      api.upload('/api/v1/invoice/admin/4', form, { query: { a: 1 }, onProgress: (p) => progress.push(p) }),
    ).resolves.toEqual({ ok: true });

    const { url, init } = lastCall(fetch);
    expect(url).toBe('/api/v1/invoice/admin/4?a=1');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(progress).toEqual([100]);
  });
});
