// s3rver ships no types: the part of its API the tests use (its README's options and methods).
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: any free port; run() answers the one chosen. */
    port?: number;
    silent?: boolean;
    /** Where it keeps the buckets' objects. */
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
