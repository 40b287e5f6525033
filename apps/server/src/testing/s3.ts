import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

/** s3rver's one account: its access key id and secret. */
const S3RVER_KEY = 'S3RVER';

export type S3TestServer = {
  /** `http://127.0.0.1:<port>`: path-style, as S3_ENDPOINT. */
  endpoint: string;
  /** The file store's settings for `bucket` (the S3_* variables of an instance). */
  config: S3Config;
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server on a free local port (s3rver: an independent implementation of the S3
 * REST API keeping objects in a temporary directory), with `bucket` created. It checks the access key
 * but not the SigV4 signature itself (that is checked against AWS's published examples).
 */
export async function startS3Server(bucket = 'hiwar'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hiwar-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
  };
  return {
    endpoint,
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
