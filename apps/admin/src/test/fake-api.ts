import type { FetchLike } from '@hiwar/client';

export interface RecordedRequest {
  method: string;
  url: URL;
  /** Parsed JSON body, when there was one. */
  body: unknown;
  headers: Headers;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type FakeHandler = {
  method: string;
  /** Exact pathname, or a pattern over it. */
  path: string | RegExp;
  answer: (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;
};

/** `{ code, message }` the way the server's error handler writes it. */
export function apiError(status: number, code: string): FakeAnswer {
  return { status, body: { code, message: code } };
}

/**
 * A stand-in for the api service at the `fetch` boundary: routes by method and path, records every
 * request, answers JSON. Unknown routes answer 404 `not-found`, like the server.
 */
export function createFakeApi(handlers: FakeHandler[] = []) {
  const requests: RecordedRequest[] = [];
  const routes = [...handlers];

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input, 'http://api.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { method, url, body, headers: new Headers(init.headers) };
    requests.push(request);
    const route = routes.find(
      (candidate) =>
        candidate.method === method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    const answer = route ? await route.answer(request) : apiError(404, 'not-found');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  return {
    fetch,
    requests,
    /** Adds (in front, so it wins) or replaces answers during a test. */
    on(handler: FakeHandler) {
      routes.unshift(handler);
    },
    /** Requests to one method and path, in order. */
    calls(method: string, path: string | RegExp) {
      return requests.filter(
        (request) =>
          request.method === method &&
          (typeof path === 'string' ? request.url.pathname === path : path.test(request.url.pathname)),
      );
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
