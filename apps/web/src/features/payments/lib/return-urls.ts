/**
 * Where Fawry's pages send the browser back to. The server accepts any address on the web app's origins
 * for 3-D Secure (`returnUrl`) and fixes the add-card page's return to `/card-added` on the origin the
 * request came from (when it is one the deployment serves).
 */

/**
 * The origin this tab opened the web app on (`http://127.0.0.1:4000` and `http://localhost:4000` are
 * two origins, each with its own signed-in session): Fawry's pages must bring the buyer back there,
 * not to the configured `webUrl`, which is only the fallback outside a browser.
 */
export function openedOrigin(webUrl: string): string {
  const origin = typeof window === 'undefined' ? null : window.location.origin;
  return origin && /^https?:\/\//.test(origin) ? origin : webUrl;
}

/** The 3-D Secure return page; Fawry appends `merchantRefNumber` (our transaction id) and a status hint. */
export const THREE_DS_RETURN_PATH = '/checkout/result';

export function threeDsReturnUrl(webUrl: string): string {
  return new URL(THREE_DS_RETURN_PATH, `${webUrl.replace(/\/+$/, '')}/`).toString();
}

/** A transaction id read from the return page's query (`merchantRefNumber` from Fawry, or `transaction`). */
export function transactionIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('merchantRefNumber') ?? params.get('transaction');
  const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const RETURN_KEY = 'hiwar.card-added.return';

/** Pages a buyer may be sent back to after adding a card. */
const RETURN_PATHS = [/^\/checkout\/\d+\/(?:[A-Za-z]+|\d)$/, /^\/payments$/];

/**
 * Only our own checkout (or the payments page) may be returned to from /card-added: anything else
 * (another site, a protocol URL, a path elsewhere) is dropped, so the page cannot be an open redirect.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) {
    return null;
  }
  try {
    const url = new URL(raw, 'https://hiwar.invalid');
    const ours =
      url.origin === 'https://hiwar.invalid' && RETURN_PATHS.some((path) => path.test(url.pathname));
    return ours ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * The add-card page address with `?return=<checkout path>` added to its return address (still our
 * /card-added; Fawry keeps the query). The path is also kept for this tab in case a gateway drops it.
 */
export function withCardReturn(tokenizationUrl: string, returnPath: string): string {
  try {
    sessionStorage.setItem(RETURN_KEY, returnPath);
  } catch {
    // Storage blocked: the query alone carries it.
  }
  try {
    const url = new URL(tokenizationUrl);
    const back = url.searchParams.get('returnUrl');
    if (back) {
      const backUrl = new URL(back);
      backUrl.searchParams.set('return', returnPath);
      url.searchParams.set('returnUrl', backUrl.toString());
    }
    return url.toString();
  } catch {
    return tokenizationUrl;
  }
}

/** The checkout to go back to after adding a card: the query's, else the one this tab left from. */
export function readCardReturn(params: URLSearchParams): string | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(RETURN_KEY);
  } catch {
    stored = null;
  }
  return safeReturnPath(params.get('return')) ?? safeReturnPath(stored);
}

/** Forgets the stored checkout once the buyer is back. */
export function clearCardReturn(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Leaves the app for a payment page (3-D Secure, add card). One place, so tests can replace it. */
export const browser = {
  open(url: string): void {
    window.location.assign(url);
  },
};
