import { createHash } from "node:crypto";
import type * as S3SdkModule from "@aws-sdk/client-s3";
import { assertStorageKey, type Storage } from "./storage.ts";
import type { BucketLocation } from "./storage-url.ts";

/** The bucket store, which also tells what hash an object was stored with (`npm run storage:migrate` resumes on it). */
export interface BucketStorage extends Storage {
  /** The SHA-256 (hex) recorded when the key was written ("" for an object written without one), or null when the key holds nothing. */
  storedSha256(key: string): Promise<string | null>;
  /** Closes the client's sockets. */
  close(): void;
}

const SHA256_METADATA = "sha256";

type S3Sdk = typeof S3SdkModule;

const isMissing = (sdk: S3Sdk, error: unknown) => error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound;

/**
 * Objects in an S3-compatible bucket, one object per key. A PUT is atomic in S3, so a reader never sees half an
 * object, as with the local folder's rename.
 */
export function s3Storage(location: BucketLocation): BucketStorage {
  // The SDK is imported on the first call, not at start: evaluating it was a tenth of a cold start (docs/decisions.md).
  let loaded: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk["S3Client"]> }> | undefined;
  const s3 = () => (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: s3Client(sdk) })));
  const s3Client = (sdk: S3Sdk) =>
    new sdk.S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      // The SDK's default integrity headers (CRC32 trailers, aws-chunked bodies) are not understood by every
      // S3-compatible server; send checksums only where an operation requires them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${location.prefix}${key}`;
  };
  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: location.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          Metadata: { [SHA256_METADATA]: createHash("sha256").update(bytes).digest("hex") },
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return response.Body ? (response.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      // S3 answers 204 for a missing key too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
    async *list(folder) {
      const prefix = folder === "" ? location.prefix : `${objectKey(folder)}/`;
      const { sdk, client } = await s3();
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: location.bucket,
            Prefix: prefix,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && object.LastModified)
            yield { key: object.Key.slice(location.prefix.length), modifiedAt: object.LastModified };
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    async storedSha256(key) {
      const { sdk, client } = await s3();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return head.Metadata?.[SHA256_METADATA] ?? "";
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    close: () => void loaded?.then(({ client }) => client.destroy()),
  };
}
