/**
 * Just enough of `XMLHttpRequest` for the api client's `upload`: the test plays upload progress and the
 * server's answer, and sees an abort. Every instance is kept in `FakeXhr.all`, the newest last.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  aborted = false;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }

  /** The request opened last; throws when none was. */
  static last(): FakeXhr {
    const xhr = FakeXhr.all.at(-1);
    if (!xhr) {
      throw new Error('no upload was started');
    }
    return xhr;
  }

  static reset(): void {
    FakeXhr.all = [];
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: FormData): void {
    this.sent = body;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The server's answer: a status and a JSON body. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}
