import { enumValues } from './enum-values.ts';

export const SortOrder = { Asc: 'asc', Desc: 'desc' } as const;
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];
export const SORT_ORDERS = enumValues(SortOrder);

/** Same numbering as `Date.prototype.getDay()`; the product's week still starts on Saturday. */
export const Weekday = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
} as const;
export type Weekday = (typeof Weekday)[keyof typeof Weekday];
export const WEEKDAYS = enumValues(Weekday);

/** How a name search matches. */
export const NameMatchMode = { Exact: 'exact', Suffix: 'suffix', Prefix: 'prefix', Loose: 'loose' } as const;
export type NameMatchMode = (typeof NameMatchMode)[keyof typeof NameMatchMode];
export const NAME_MATCH_MODES = enumValues(NameMatchMode);

export const AssetKind = { Image: 'image', Video: 'video', Thumbnail: 'thumbnail' } as const;
export type AssetKind = (typeof AssetKind)[keyof typeof AssetKind];
export const ASSET_KINDS = enumValues(AssetKind);

export const SessionEvent = { UserJoined: 1, UserLeft: 2 } as const;
export type SessionEvent = (typeof SessionEvent)[keyof typeof SessionEvent];
export const SESSION_EVENTS = enumValues(SessionEvent);

export const ToastType = { Success: 'success', Info: 'info', Error: 'error', Warning: 'warning' } as const;
export type ToastType = (typeof ToastType)[keyof typeof ToastType];
export const TOAST_TYPES = enumValues(ToastType);

/** Which deployment a server or client talks to. */
export const AppServer = { Local: 'local', Staging: 'staging', Production: 'production' } as const;
export type AppServer = (typeof AppServer)[keyof typeof AppServer];
export const APP_SERVERS = enumValues(AppServer);

/**
 * The id of the JSON data block in which the server hands a page its deployment's config (API and
 * socket addresses, the other apps, Google and Telegram), in place of the `/runtime-config.js` script
 * the build's `index.html` names: no request on the way to the app's start (issue 26).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'hiwar-config';
