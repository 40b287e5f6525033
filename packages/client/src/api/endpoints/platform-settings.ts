import type {
  PlatformSettingKey,
  PlatformSettingsAuditResponse,
  PlatformSettingsResponse,
  PublicPlatformSettings,
  UpdatePlatformSettingsRequest,
} from '@hiwar/domain';
import type { ApiClient } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';

/** The platform settings paths (rules.md *setting* numbers). */
export const PLATFORM_SETTINGS_PATHS = {
  settings: '/api/v1/platform-settings',
  public: '/api/v1/platform-settings/public',
  audit: '/api/v1/platform-settings/audit',
} as const;

/** `GET /api/v1/platform-settings` (SuperAdmin, RegularAdmin): every setting with default and bounds. */
export async function getPlatformSettings(
  client: ApiClient,
  options?: CallOptions,
): Promise<PlatformSettingsResponse> {
  const answer = await client.get<unknown>(PLATFORM_SETTINGS_PATHS.settings, signalOf(options));
  return parseResponse(
    (contract) => contract.PlatformSettingsResponseSchema,
    answer,
    'GET /platform-settings',
  );
}

/** `GET /api/v1/platform-settings/public` (anyone): the booking and cancellation rules the app shows. */
export async function getPublicPlatformSettings(
  client: ApiClient,
  options?: CallOptions,
): Promise<PublicPlatformSettings> {
  const answer = await client.get<unknown>(PLATFORM_SETTINGS_PATHS.public, signalOf(options));
  return parseResponse(
    (contract) => contract.PublicPlatformSettingsSchema,
    answer,
    'GET /platform-settings/public',
  );
}

/**
 * `PUT /api/v1/platform-settings` (SuperAdmin, RegularAdmin): any settings; each change is audited.
 * Errors: `setting-too-low`, `setting-too-high`, `invalid-type`, `empty-request`.
 */
export async function updatePlatformSettings(
  client: ApiClient,
  body: UpdatePlatformSettingsRequest,
  options?: CallOptions,
): Promise<PlatformSettingsResponse> {
  const answer = await client.put<unknown>(PLATFORM_SETTINGS_PATHS.settings, { body, ...signalOf(options) });
  return parseResponse(
    (contract) => contract.PlatformSettingsResponseSchema,
    answer,
    'PUT /platform-settings',
  );
}

/** Paging of the settings' audit, optionally one key's history. */
export type FindPlatformSettingsAuditParams = { page?: number; size?: number; key?: PlatformSettingKey };

/** `GET /api/v1/platform-settings/audit` (SuperAdmin, RegularAdmin): changes, newest first. */
export async function findPlatformSettingsAudit(
  client: ApiClient,
  query: FindPlatformSettingsAuditParams = {},
  options?: CallOptions,
): Promise<PlatformSettingsAuditResponse> {
  const answer = await client.get<unknown>(PLATFORM_SETTINGS_PATHS.audit, {
    query: { ...query },
    ...signalOf(options),
  });
  return parseResponse(
    (contract) => contract.PlatformSettingsAuditResponseSchema,
    answer,
    'GET /platform-settings/audit',
  );
}
