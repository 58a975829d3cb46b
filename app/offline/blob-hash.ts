/** SHA-256 of a blob's bytes as lowercase hex: the attachment's identity on the server (PUT /api/attachments/:sha256). */
export async function sha256OfBlob(blob: Blob): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
