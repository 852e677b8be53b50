import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { cacheControlOf, contentTypeOf, type MediaBackend } from './backend.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS store's address (MinIO, R2, …); AWS's own endpoint for the region when not given. */
  endpoint?: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, as MinIO-like stores need. */
  forcePathStyle: boolean;
}

/** One object as the /media route sends it, or why it sends none. */
export type S3Read =
  | { status: 'missing' }
  | { status: 'not-modified'; etag: string | undefined }
  | {
      status: 'found';
      /** Null for a HEAD request. */
      body: Readable | null;
      contentType: string;
      contentLength: number | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
    };

export interface S3Backend extends MediaBackend {
  /** Reads an object to serve it: only its headers for HEAD; not-modified when `ifNoneMatch` matches its ETag. */
  read(name: string, options: { head: boolean; ifNoneMatch?: string }): Promise<S3Read>;
  /** Closes the client's kept-alive connections. */
  close(): void;
}

/** Objects in an S3 bucket (AWS, or any S3-compatible store): nothing is written to this machine's disk. */
/** A client of the bucket (the photos' and the built files' shelf, web/asset-shelf.ts). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the upload or the page's photo instead of holding it forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

/** The status S3 answered with, when it answered. */
export const s3StatusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

export function createS3Backend(settings: S3Settings): S3Backend {
  const client = createS3Client(settings);
  const Bucket = settings.bucket;
  return {
    async put(name, data) {
      // The object carries its own headers, so a CDN or public bucket (MEDIA_PUBLIC_URL) sends what /media sends.
      await client.send(
        new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentTypeOf(name), CacheControl: cacheControlOf(name) }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (s3StatusOf(error) === 404) return null;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (s3StatusOf(error) === 404) return false;
        throw error;
      }
    },
    async remove(names) {
      // One request per object: DeleteObjects is missing from some S3-compatible stores.
      await Promise.all(names.map((name) => client.send(new DeleteObjectCommand({ Bucket, Key: name }))));
    },
    async read(name, options) {
      const request = { Bucket, Key: name, IfNoneMatch: options.ifNoneMatch };
      try {
        const answer = options.head ? await client.send(new HeadObjectCommand(request)) : await client.send(new GetObjectCommand(request));
        const body = 'Body' in answer && answer.Body instanceof Readable ? answer.Body : null;
        return {
          status: 'found',
          body,
          contentType: contentTypeOf(name),
          contentLength: answer.ContentLength,
          etag: answer.ETag,
          lastModified: answer.LastModified,
        };
      } catch (error) {
        const status = s3StatusOf(error);
        if (status === 404) return { status: 'missing' };
        if (status === 304) return { status: 'not-modified', etag: options.ifNoneMatch };
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
