/** Where an S3-compatible bucket is and how to address it, read from `STORAGE_URL`. */
export interface BucketLocation {
  bucket: string;
  /** Key prefix inside the bucket ("" or ending in "/"), from the URL's path: `s3://bucket/campo/`. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset → AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** `bucket` in the path rather than the host name: what most self-hosted servers need. */
  forcePathStyle: boolean;
}

/**
 * Reads `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`. Credentials are never part of it: the AWS
 * SDK's default chain reads them (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles).
 */
export function parseStorageUrl(value: string): BucketLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: ${value}`);
  }
  if (url.protocol !== "s3:") throw new Error(`STORAGE_URL must start with s3://, not ${url.protocol}//`);
  if (!url.hostname) throw new Error("STORAGE_URL names no bucket: s3://bucket?…");
  if (url.username || url.password)
    throw new Error("STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  const path = url.pathname.replace(/^\/+|\/+$/g, "");
  const forcePathStyle = url.searchParams.get("forcePathStyle");
  if (forcePathStyle !== null && forcePathStyle !== "true" && forcePathStyle !== "false")
    throw new Error(`STORAGE_URL forcePathStyle must be true or false, not "${forcePathStyle}"`);
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : "",
    endpoint: url.searchParams.get("endpoint") || undefined,
    region: url.searchParams.get("region") || "us-east-1",
    forcePathStyle: forcePathStyle === "true",
  };
}
