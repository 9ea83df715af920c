// An S3-compatible bucket (AWS, MinIO, R2…) behind the Storage interface. Credentials come from the
// AWS SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, instance roles).
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region?: string;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
  });
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const fullKey = (key: string) => {
    assertSafeKey(key.replace(/\/$/, ''));
    return prefix ? `${prefix}/${key}` : key;
  };
  const storage: Storage = {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: fullKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async getStream(key, range) {
      const result = await client.send(
        new GetObjectCommand({
          Bucket: options.bucket,
          Key: fullKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return result.Body as Readable;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: fullKey(key) }));
        return { bytes: head.ContentLength ?? 0 };
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return undefined;
        throw error;
      }
    },
    async *list(keyPrefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: options.bucket,
            Prefix: fullKey(keyPrefix),
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          yield {
            key: prefix ? object.Key!.slice(prefix.length + 1) : object.Key!,
            bytes: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async deletePrefix(keyPrefix) {
      // DeleteObjects takes at most 1,000 keys a call.
      let keys: { Key: string }[] = [];
      const deleteKeys = async () => {
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket: options.bucket, Delete: { Objects: keys } }));
        }
        keys = [];
      };
      for await (const object of storage.list(keyPrefix)) {
        keys.push({ Key: fullKey(object.key) });
        if (keys.length === 1000) await deleteKeys();
      }
      await deleteKeys();
    },
  };
  return storage;
}
