import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertKey, counted, ObjectNotFoundError } from './object-store';
import type { ObjectHead, ObjectStore } from './object-store';

export interface S3StoreOptions {
  bucket: string;
  /** e.g. http://127.0.0.1:8080; unset → AWS's own endpoint for `region`. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: Swift, MinIO… */
  forcePathStyle: boolean;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum); PART_SIZE unless testing. */
  partSize?: number;
  /**
   * Put before every key (e.g. `t-1a2b3c/`): one bucket shared by stores that must not see each
   * other's objects, such as parallel test files. Empty by default.
   */
  prefix?: string;
}

/**
 * Multipart part size, for the memory budget (server RSS growth < 64 MB with five concurrent
 * 120 MiB uploads). The uploader below fills ONE part buffer per upload, allocated once and
 * reused, and sends it before reading more of the source (backpressure: the client's upload
 * waits while a part is sent), so an upload holds one part: 5 MiB, the smallest S3 accepts (a
 * 120 MiB file is 24 of the 10 000 parts allowed). lib-storage's Upload, used before, held up
 * to (queueSize + 2) × partSize per upload (Buffer.concat of each part plus the leftovers),
 * which `bench/storage-memory.ts` measured at well over the budget (decision 0009).
 */
export const PART_SIZE = 5 * 1024 * 1024;
const MIN_PART_SIZE = 5 * 1024 * 1024;

let loaded: typeof import('@aws-sdk/client-s3') | null = null;

/**
 * Loads the AWS SDK, which only STORAGE=s3 needs: imported at start it adds about 6 MB to the
 * server's live heap, which every full garbage collection marks again (decision 0027).
 */
export async function loadS3Sdk(): Promise<void> {
  loaded ??= await import('@aws-sdk/client-s3');
}

function sdk(): typeof import('@aws-sdk/client-s3') {
  if (!loaded) throw new Error('loadS3Sdk() first');
  return loaded;
}

/**
 * Objects in an S3 bucket (AWS, or an S3-compatible server such as OpenStack Swift's s3api).
 * `createObjectStore` loads the SDK first (`loadS3Sdk`).
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly partSize: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.partSize = options.partSize ?? PART_SIZE;
    if (this.partSize < MIN_PART_SIZE) throw new RangeError('partSize below 5 MiB');
    this.client = new (sdk().S3Client)({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // Recent SDKs add CRC32 checksums (aws-chunked bodies with trailers) to every upload; S3
      // servers other than AWS's, Swift's s3api among them, do not all accept them. Files are
      // encrypted and authenticated by the application, so only what the API requires is sent.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The bucket key of a store key. */
  objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  /**
   * Streams `source` to `key`: a source that fits in one part is sent with one PutObject once it
   * has ended; a larger one as a multipart upload, one part at a time from the one reused part
   * buffer. The object appears only on PutObject or CompleteMultipartUpload; a failing source or
   * an aborted signal aborts the multipart upload (its parts are deleted) before rejecting.
   */
  async put(
    key: string,
    source: Readable,
    options: { signal?: AbortSignal } = {},
  ): Promise<{ bytes: number }> {
    const Key = this.objectKey(key);
    const Bucket = this.bucket;
    const send = { abortSignal: options.signal };
    const { stream, bytes } = counted(source, options.signal);
    const part = Buffer.allocUnsafe(this.partSize);
    let fill = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (body: Buffer): Promise<void> => {
      uploadId ??= (
        await this.client.send(
          new (sdk().CreateMultipartUploadCommand)({
            Bucket,
            Key,
            ContentType: 'application/octet-stream',
          }),
          send,
        )
      ).UploadId;
      if (!uploadId) throw new Error('S3 answered CreateMultipartUpload without an UploadId');
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(
        new (sdk().UploadPartCommand)({
          Bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: body,
          ContentLength: body.length,
        }),
        send,
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of stream) {
        const data = chunk as Buffer;
        let offset = 0;
        while (offset < data.length) {
          const take = Math.min(part.length - fill, data.length - offset);
          data.copy(part, fill, offset, offset + take);
          fill += take;
          offset += take;
          if (fill === part.length) {
            // Awaited inside the loop: the source is not read while the part is on its way.
            await sendPart(part);
            fill = 0;
          }
        }
      }
      if (uploadId === undefined) {
        await this.client.send(
          new (sdk().PutObjectCommand)({
            Bucket,
            Key,
            Body: part.subarray(0, fill),
            ContentLength: fill,
            ContentType: 'application/octet-stream',
          }),
          send,
        );
      } else {
        if (fill > 0) await sendPart(part.subarray(0, fill));
        await this.client.send(
          new (sdk().CompleteMultipartUploadCommand)({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
          send,
        );
      }
    } catch (error) {
      source.destroy();
      if (uploadId !== undefined)
        await this.client
          .send(new (sdk().AbortMultipartUploadCommand)({ Bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      // An abort fails the request in flight with the SDK's own error: give the signal's reason.
      const reason: unknown = options.signal?.aborted ? options.signal.reason : undefined;
      throw reason instanceof Error ? reason : error;
    }
    return { bytes: bytes() };
  }

  async get(key: string): Promise<Readable> {
    const Key = this.objectKey(key);
    try {
      const response = await this.client.send(
        new (sdk().GetObjectCommand)({ Bucket: this.bucket, Key }),
      );
      if (!(response.Body instanceof Readable)) throw new Error('S3 answered without a body');
      return response.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    const Key = this.objectKey(key);
    try {
      const response = await this.client.send(
        new (sdk().HeadObjectCommand)({ Bucket: this.bucket, Key }),
      );
      return { bytes: response.ContentLength ?? 0, etag: response.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    try {
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new (sdk().HeadBucketCommand)({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof sdk().S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
