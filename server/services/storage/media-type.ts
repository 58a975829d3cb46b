import { loadFileType } from "../../lib/file-type-module.ts";
import { canonicalContentType, OPAQUE_CONTENT_TYPE } from "../../../shared/fields/media-rules.ts";

/**
 * The type uploaded bytes really are by their magic bytes, spelled as stored (canonicalContentType); bytes of no
 * format file-type knows (text: HTML, SVG without an XML prolog, CSV…) are opaque. The declared Content-Type is
 * never trusted: it is what an attacker would forge.
 */
export async function detectMediaType(bytes: Uint8Array): Promise<string> {
  const detected = await (await loadFileType()).fileTypeFromBuffer(bytes);
  return detected ? canonicalContentType(detected.mime) : OPAQUE_CONTENT_TYPE;
}
