import { defineRoute } from "../route-contract.ts";
import { MAX_ANSWERS_BYTES } from "../../fields/answer-validation.ts";
import { SYNC_BATCH_MAX, syncBatchEnvelopeSchema, syncBatchResultSchema } from "../../submissions/sync-schemas.ts";

/** Room for a full batch of records at the largest answers size, with their ids, location and timestamps. */
export const SYNC_MAX_BODY_BYTES = SYNC_BATCH_MAX * (MAX_ANSWERS_BYTES + 4096);

export const syncRecords = defineRoute({
  operationId: "syncRecords",
  method: "post",
  path: "/api/sync",
  tag: "Sync",
  summary: "Send up to 100 records collected offline; each is answered on its own (exactly once by record id)",
  description:
    "Upload each record's photos first (PUT /api/attachments/{sha256}) and put the attachment ids in its answers. " +
    "Each record is checked on its own (shared/submissions/sync-schemas.ts, syncRecordSchema): a malformed record " +
    "is rejected alone; the others of the batch are still stored. Records the request had no time left to evaluate " +
    "have no result: they are listed in `deferred`, to send again after `retryAfterSeconds`.",
  policy: "signedIn",
  token: true,
  body: syncBatchEnvelopeSchema,
  itemsCheckedApart: true,
  bodyCap: { maxBytes: SYNC_MAX_BODY_BYTES },
  response: syncBatchResultSchema,
  errors: [],
});

export const syncContracts = [syncRecords];
