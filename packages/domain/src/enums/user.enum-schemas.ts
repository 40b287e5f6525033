import { z } from 'zod';
import {
  ConfirmationCodeKind,
  Gender,
  Governorate,
  LeadSource,
  MessagingApp,
  Role,
  TokenPurpose,
} from './user.enums.ts';

/**
 * The zod schemas of user.enums.ts, in a module of their own: the apps' first screens import the
 * enums, and zod must not come with them (first-load budget, issue 16).
 */
export const RoleSchema = z.enum(Role);
export const GenderSchema = z.enum(Gender);
export const GovernorateSchema = z.enum(Governorate);
export const ConfirmationCodeKindSchema = z.enum(ConfirmationCodeKind);
export const MessagingAppSchema = z.enum(MessagingApp);
export const TokenPurposeSchema = z.enum(TokenPurpose);
export const LeadSourceSchema = z.enum(LeadSource);
