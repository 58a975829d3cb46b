import { downloadAttachment } from "../../shared/api/contracts/attachments.ts";
import { contractUrl } from "../../shared/api/contract-url.ts";

/** Where the browser reads a stored photo, signature, recording or file (an `<img>` source, a download link). */
export function attachmentUrl(attachmentId: string): string {
  return contractUrl(downloadAttachment, { params: { id: attachmentId } });
}
