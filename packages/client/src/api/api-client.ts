import { type ErrorCode, isErrorCode } from '@hiwar/domain';

/** One query-string value; `undefined` and `null` are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | Date | null | undefined;
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

/** How a successful answer is read. `json` (the default) also copes with empty and non-JSON bodies. */
export type ResponseType = 'json' | 'text' | 'blob';

export interface RequestOptions {
  /** Sent as JSON unless it is already a `FormData`, `Blob`, `URLSearchParams` or string. */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /** Defaults to `json`; `blob` serves `GET /assets/uploads/{name}` and `/assets/receipts/{name}`. */
  responseType?: ResponseType;
}

export type BodylessRequestOptions = Omit<RequestOptions, 'body'>;

export interface UploadOptions {
  query?: Query;
  /** Called with whole percentages 0-100 while the body is sent, and with 100 once the answer arrives. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** The spec's multipart routes are all `PUT` (user assets, invoice admin update); others may pass `POST`. */
  method?: 'POST' | 'PUT' | 'PATCH';
  headers?: Readonly<Record<string, string>>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the api service; `''` means same origin. */
  baseUrl: string;
  /** Full `Authorization` header value (see `bearer` / `basic`), or `null` to send none. Read per request. */
  getAuthorization?: () => string | null;
  /** Defaults to the global `fetch`, looked up at call time. */
  fetch?: FetchLike;
  /**
   * Builds the `XMLHttpRequest` used by `upload` (the only browser API with upload progress). Defaults to
   * the global constructor; `null`, or no global, makes `upload` fall back to `fetch` without progress.
   */
  createXhr?: (() => XMLHttpRequest) | null;
}

export interface ApiClient {
  get<T>(path: string, options?: BodylessRequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  upload<T>(path: string, formData: FormData, options?: UploadOptions): Promise<T>;
}

/**
 * A failed answer whose body carried a code from the spec §8 catalogue. `message` is the server's text
 * (developer-facing); the SPA shows the Arabic text it maps from `code`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  /**
   * For `too-many-requests`: how many seconds until the server accepts the request again (the
   * answer's `details.retryAfterSeconds`, else its `Retry-After` header when readable); else null.
   */
  readonly retryAfterSeconds: number | null;

  constructor(code: ErrorCode, status: number, message?: string, retryAfterSeconds: number | null = null) {
    super(message ?? code);
    this.code = code;
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A failed answer with no known code (proxy page, unknown code, empty body). `body` is parsed JSON or text. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** Recognises an ApiError even when two copies of this package are bundled and `instanceof` fails. */
export function isApiError(e: unknown): e is ApiError {
  if (e instanceof ApiError) {
    return true;
  }
  return (
    e instanceof Error &&
    e.name === 'ApiError' &&
    isErrorCode((e as { code?: unknown }).code) &&
    typeof (e as { status?: unknown }).status === 'number'
  );
}

export function isHttpError(e: unknown): e is HttpError {
  return e instanceof HttpError || (e instanceof Error && e.name === 'HttpError' && 'status' in e);
}

/** `Authorization` value for a JWT. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** `Authorization` value for HTTP basic auth; credentials are UTF-8 encoded so Arabic names survive. */
export function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return `Basic ${btoa(binary)}`;
}

function serialiseValue(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `?a=1&b=x&b=y`, or `''` when nothing is left after dropping `undefined` and `null`. */
export function buildQueryString(query: Query | undefined): string {
  if (!query) {
    return '';
  }
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(raw) ? raw : [raw as QueryValue];
    for (const value of values) {
      if (value !== undefined && value !== null) {
        params.append(key, serialiseValue(value));
      }
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Joins base and path with exactly one slash, keeping the path's own trailing slash (spec paths have some). */
export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${base}${rest}${buildQueryString(query)}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

function parseMaybeJson(text: string): unknown {
  if (text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A positive whole number of seconds, or null. */
function seconds(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.ceil(n) : null;
}

/**
 * Turns a failed answer into the error the caller sees: ApiError for a known code, HttpError otherwise.
 * `retryAfter` is the answer's `Retry-After` header, when the browser lets us read it.
 */
export function toResponseError(
  status: number,
  body: unknown,
  retryAfter?: string | null,
): ApiError | HttpError {
  if (typeof body === 'object' && body !== null && 'code' in body && isErrorCode(body.code)) {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    const details = 'details' in body && typeof body.details === 'object' ? body.details : null;
    const wait =
      seconds(details && 'retryAfterSeconds' in details ? details.retryAfterSeconds : null) ??
      seconds(retryAfter);
    return new ApiError(body.code, status, message, wait);
  }
  return new HttpError(status, body);
}

function isNoContent(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

async function readSuccess(response: Response, responseType: ResponseType): Promise<unknown> {
  if (isNoContent(response.status)) {
    return undefined;
  }
  if (responseType === 'blob') {
    return response.blob();
  }
  const text = await response.text();
  if (responseType === 'text') {
    return text;
  }
  return parseMaybeJson(text);
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * The typed REST client for the api service (spec §7): cookies always sent, JSON in and out, an optional
 * `Authorization` header read per request, and no client-side timeout (callers abort through `signal`).
 * Errors: a failed answer with a catalogue `code` rejects with {@link ApiError}; any other failed answer
 * with {@link HttpError}; network failures and aborts reject with the original error untouched.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, getAuthorization } = options;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr =
    options.createXhr === undefined
      ? typeof XMLHttpRequest === 'undefined'
        ? null
        : () => new XMLHttpRequest()
      : options.createXhr;

  function baseHeaders(extra: Readonly<Record<string, string>> | undefined): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const authorization = getAuthorization?.();
    if (authorization) {
      headers.Authorization = authorization;
    }
    return { ...headers, ...extra };
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const headers = baseHeaders(init.headers);
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (isRawBody(init.body)) {
        body = init.body;
      } else {
        body = JSON.stringify(init.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const requestInit: RequestInit = { method, headers, credentials: 'include' };
    if (body !== undefined) {
      requestInit.body = body;
    }
    if (init.signal) {
      requestInit.signal = init.signal;
    }
    // Network failures and aborts propagate as thrown by fetch: they are not the server's answer.
    const response = await doFetch(buildUrl(baseUrl, path, init.query), requestInit);
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw toResponseError(response.status, parseMaybeJson(text), response.headers.get('retry-after'));
    }
    return (await readSuccess(response, init.responseType ?? 'json')) as T;
  }

  function uploadWithXhr<T>(
    xhrFactory: () => XMLHttpRequest,
    url: string,
    formData: FormData,
    init: UploadOptions,
  ): Promise<T> {
    const { signal, onProgress } = init;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const xhr = xhrFactory();
      const onAbortSignal = (): void => xhr.abort();
      const cleanUp = (): void => signal?.removeEventListener('abort', onAbortSignal);

      xhr.open(init.method ?? 'PUT', url);
      xhr.withCredentials = true;
      // No Content-Type: the browser writes the multipart boundary itself.
      for (const [name, value] of Object.entries(baseHeaders(init.headers))) {
        xhr.setRequestHeader(name, value);
      }
      if (onProgress) {
        xhr.upload.onprogress = (event: ProgressEvent) => {
          if (event.lengthComputable && event.total > 0) {
            onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
          }
        };
      }
      xhr.onload = () => {
        cleanUp();
        const body = isNoContent(xhr.status) ? undefined : parseMaybeJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(100);
          resolve(body as T);
        } else {
          // Read only if the object has it: test doubles of XMLHttpRequest often do not.
          const retryAfter =
            typeof xhr.getResponseHeader === 'function' ? xhr.getResponseHeader('retry-after') : null;
          reject(toResponseError(xhr.status, body, retryAfter));
        }
      };
      xhr.onerror = () => {
        cleanUp();
        // Same error fetch raises for a network failure, so callers handle both paths alike.
        reject(new TypeError('Failed to fetch'));
      };
      xhr.onabort = () => {
        cleanUp();
        reject(signal ? abortReason(signal) : new DOMException('The operation was aborted.', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbortSignal, { once: true });
      xhr.send(formData);
    });
  }

  async function upload<T>(path: string, formData: FormData, init: UploadOptions = {}): Promise<T> {
    const url = buildUrl(baseUrl, path, init.query);
    if (createXhr) {
      return uploadWithXhr<T>(createXhr, url, formData, init);
    }
    const requestOptions: RequestOptions = { body: formData };
    if (init.query) {
      requestOptions.query = init.query;
    }
    if (init.signal) {
      requestOptions.signal = init.signal;
    }
    if (init.headers) {
      requestOptions.headers = init.headers;
    }
    const result = await request<T>(init.method ?? 'PUT', path, requestOptions);
    init.onProgress?.(100);
    return result;
  }

  return {
    get: (path, init) => request('GET', path, init),
    post: (path, init) => request('POST', path, init),
    put: (path, init) => request('PUT', path, init),
    patch: (path, init) => request('PATCH', path, init),
    delete: (path, init) => request('DELETE', path, init),
    upload,
  };
}
