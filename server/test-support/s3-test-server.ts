import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3TestServer {
  /** A STORAGE_URL for the bucket (path style, as self-hosted S3-compatible servers need). */
  storageUrl: string;
  /** s3rver's fixed credentials, as the AWS variables the SDK's default chain reads. */
  credentials: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on 127.0.0.1, a random port and a temporary folder, with one empty bucket. */
export async function startS3TestServer(bucket = "campo-test"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "campo-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&forcePathStyle=true`,
    credentials: { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
