import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { MediaStoreConfig } from '../media/store.js';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export interface TestS3Server {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The env of an instance that keeps its photos in this bucket (MEDIA_STORE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** A client of this server (path-style, with its credentials), for a test's own look at the bucket. */
  client: S3Client;
  /** A media store config for this bucket (createServices' `media`). */
  mediaConfig(publicUrl?: string): MediaStoreConfig;
  /** Every object name in the bucket, sorted. */
  objectNames(): Promise<string[]>;
  /** Stops the server and deletes what it stored. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on loopback, on a free port, with one empty bucket: the S3 media store is
 * tested against S3's wire protocol through the AWS SDK, never a mock of the SDK. Its files live in a
 * temporary folder of its own, removed on close.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  // The SDK's one-time notice that its 2027 releases need Node 22: true, and noise in every test's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const bucket = options.bucket ?? 'shop-photos';
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: REGION, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    region: REGION,
    bucket,
    credentials: CREDENTIALS,
    client,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    mediaConfig: (publicUrl) => ({
      kind: 's3',
      bucket,
      region: REGION,
      endpoint,
      credentials: CREDENTIALS,
      forcePathStyle: true,
      publicUrl,
    }),
    async objectNames() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        names.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.NextContinuationToken;
      } while (token);
      return names.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
