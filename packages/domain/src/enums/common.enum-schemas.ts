import { z } from 'zod';
import { AssetKind, NameMatchMode, SessionEvent, SortOrder, ToastType, Weekday } from './common.enums.ts';

/**
 * The zod schemas of common.enums.ts, in a module of their own: the apps' first screens import the
 * enums, and zod must not come with them (first-load budget, issue 16).
 */
export const SortOrderSchema = z.enum(SortOrder);
export const WeekdaySchema = z.enum(Weekday);
export const NameMatchModeSchema = z.enum(NameMatchMode);
export const AssetKindSchema = z.enum(AssetKind);
export const SessionEventSchema = z.enum(SessionEvent);
export const ToastTypeSchema = z.enum(ToastType);
/** Environment selection; server and SPA configs fail at startup when it does not parse. */
export const AppServerSchema = z.enum(['local', 'staging', 'production']);
