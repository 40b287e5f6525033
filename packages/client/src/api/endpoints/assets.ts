import type { AssetSampleResponse, UserWithTutor } from '@hiwar/domain';
import type { ApiClient, UploadOptions } from '../api-client.ts';
import { type CallOptions, signalOf } from './call-options.ts';
import { parseResponse } from './parse-response.ts';
import { ACCOUNT_PATHS } from './paths.ts';

export interface UploadCallOptions {
  /** Whole percentages 0–100 while the body is sent, and 100 once the answer arrives. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload; the promise rejects with the abort reason. */
  signal?: AbortSignal;
}

function uploadOptions(options: UploadCallOptions | undefined, query: UploadOptions['query']): UploadOptions {
  return {
    method: 'PUT',
    query,
    ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
    ...signalOf(options),
  };
}

/**
 * `PUT /api/v1/user/asset` (multipart, field `image`): a JPG, PNG or GIF of at least 480×480 and at most
 * 10 MB. Pass the picture itself or a ready `FormData`. `forUser` lets staff and Studio set another user's
 * avatar. Errors: `image-too-small`, `invalid-type`, `payload-too-large`.
 */
export async function uploadAvatar(
  client: ApiClient,
  image: Blob | FormData,
  options?: UploadCallOptions & { forUser?: number },
): Promise<UserWithTutor> {
  const formData = image instanceof FormData ? image : toFormData({ image });
  const answer = await client.upload<unknown>(
    ACCOUNT_PATHS.userAsset,
    formData,
    uploadOptions(options, { forUser: options?.forUser }),
  );
  return parseResponse((contract) => contract.UserWithTutorSchema, answer, 'PUT /user/asset');
}

/** The tutor media fields `PUT /api/v1/user/asset/tutor` accepts; send any of them. */
export type TutorAssetFiles = {
  /** Avatar picture (as for {@link uploadAvatar}). */
  image?: Blob;
  /** Intro video: MP4, MOV or WebM, at most 400 MB. */
  video?: Blob;
  /** Video thumbnail picture. */
  thumbnail?: Blob;
};

/**
 * `PUT /api/v1/user/asset/tutor` (multipart `image`, `video`, `thumbnail`), with progress and abort.
 * `tutorId` lets staff and Studio upload for a tutor.
 */
export async function uploadTutorAssets(
  client: ApiClient,
  files: TutorAssetFiles | FormData,
  options?: UploadCallOptions & { tutorId?: number },
): Promise<UserWithTutor> {
  const formData = files instanceof FormData ? files : toFormData(files);
  const answer = await client.upload<unknown>(
    ACCOUNT_PATHS.tutorAsset,
    formData,
    uploadOptions(options, { tutorId: options?.tutorId }),
  );
  return parseResponse((contract) => contract.UserWithTutorSchema, answer, 'PUT /user/asset/tutor');
}

/** `GET /api/v1/asset/sample`: example media shown to tutors preparing their photo session. */
export async function getAssetSample(client: ApiClient, options?: CallOptions): Promise<AssetSampleResponse> {
  const answer = await client.get<unknown>(ACCOUNT_PATHS.assetSample, signalOf(options));
  return parseResponse((contract) => contract.AssetSampleResponseSchema, answer, 'GET /asset/sample');
}

function toFormData(files: Readonly<Record<string, Blob | undefined>>): FormData {
  const formData = new FormData();
  for (const [field, file] of Object.entries(files)) {
    if (file) {
      formData.append(field, file, file instanceof File ? file.name : field);
    }
  }
  return formData;
}
