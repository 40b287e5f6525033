/** The part of s3rver 3 (a dev dependency without types of its own) the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
