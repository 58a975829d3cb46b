import { canonicalJson } from "../../../shared/submissions/canonical-json.ts";
import type { SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";
import { sha256OfBlob } from "../blob-hash.ts";

type Fault = "network" | 500 | "lose-answer";

interface StoredRecord {
  payload: string;
  submitterId: string;
}

/**
 * The server side of the sync contract (`shared/submissions/sync-schemas.ts`, `POST /api/sync`), in memory, behind a fake fetch:
 * unit tests of the engine drive it without a real server. Faults make a request fail before or after the
 * server did its work ('lose-answer': stored, but the answer never arrives).
 */
export class FakeSyncServer {
  sessionUserId: string | null;
  /** Records the owner may still store (the plan limit); null = unlimited. */
  remainingQuota: number | null = null;
  readonly records = new Map<string, StoredRecord>();
  readonly attachments = new Map<string, { id: string; uploads: number; contentType: string }>();
  /** The `?applicationId=` of each upload: whose storage it counts against. */
  readonly uploadApplicationIds: string[] = [];
  /** Method and path of every request that reached the server, in order. */
  readonly log: string[] = [];
  /** Answer every upload 415, as for bytes that are not an image. */
  refuseAttachments = false;
  /** Answer every upload 402 STORAGE_LIMIT_REACHED, as when the owner's storage is full. */
  storageFull = false;
  /** Submission id → the answers of its last accepted edit. */
  readonly edits = new Map<string, Record<string, unknown>>();
  /** Record id → the rejection the server gives it. */
  readonly rejections = new Map<string, Omit<SyncRecordResult, "id" | "status">>();
  /** Records one request evaluates before its budget is spent; the rest are deferred. null = no budget. */
  evaluationsPerRequest: number | null = null;
  /** Whether a deferring answer lists the deferred ids (false: leaves them out silently, as a lost answer would). */
  namesDeferred = true;
  private readonly faults: { path: string; fault: Fault }[] = [];
  /** Resolves held requests to /api/sync (to observe a sync in flight). */
  private gate: Promise<void> | null = null;

  constructor(sessionUserId: string | null) {
    this.sessionUserId = sessionUserId;
  }

  /** The next `times` requests whose path starts with `path` fail this way. */
  failNext(path: string, fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ path, fault });
  }

  /** Holds /api/sync requests until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
    const method = init.method ?? "GET";
    const [pathname, search = ""] = path.split("?");
    this.log.push(`${method} ${pathname}`);
    const applicationId = new URLSearchParams(search).get("applicationId");
    if (applicationId) this.uploadApplicationIds.push(applicationId);
    const faultIndex = this.faults.findIndex((entry) => path.startsWith(entry.path));
    const fault = faultIndex >= 0 ? this.faults.splice(faultIndex, 1)[0]?.fault : undefined;
    if (fault === "network") throw new TypeError("Failed to fetch");
    if (fault === 500) return json(500, { error: { code: "INTERNAL", message: "boom" } });
    if (path.startsWith("/api/sync") && this.gate) await this.gate;
    const response = await this.handle(method, path, init);
    if (fault === "lose-answer") throw new TypeError("Failed to fetch");
    return response;
  };

  private async handle(method: string, path: string, init: RequestInit): Promise<Response> {
    if (method === "GET" && path === "/api/me")
      return json(200, { user: this.sessionUserId ? { id: this.sessionUserId, email: "a@b.c", name: "A" } : null });
    if (!this.sessionUserId) return json(401, { error: { code: "UNAUTHENTICATED", message: "no session" } });
    const hash = /^\/api\/attachments\/([0-9a-f]{64})(\?|$)/.exec(path)?.[1];
    if (method === "PUT" && hash) return this.putAttachment(hash, init);
    if (method === "POST" && path === "/api/sync") return this.sync(init);
    const edited = /^\/api\/applications\/[^/]+\/submissions\/([^/]+)$/.exec(path)?.[1];
    if (method === "PUT" && edited) return this.edit(edited, init);
    return json(404, { error: { code: "NOT_FOUND", message: "not found" } });
  }

  private async putAttachment(sha256: string, init: RequestInit): Promise<Response> {
    if (this.refuseAttachments)
      return json(415, { error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "not an image" } });
    if (this.storageFull) return json(402, { error: { code: "STORAGE_LIMIT_REACHED", message: "storage full" } });
    const blob = init.body;
    if (!(blob instanceof Blob) || (await sha256OfBlob(blob)) !== sha256) {
      return json(400, { error: { code: "VALIDATION_FAILED", message: "hash mismatch" } });
    }
    const contentType = new Headers(init.headers).get("content-type") ?? "application/octet-stream";
    const existing = this.attachments.get(sha256);
    if (existing) {
      existing.uploads++;
      return json(200, { attachmentId: existing.id, sha256, contentType: existing.contentType, bytes: blob.size });
    }
    const id = crypto.randomUUID();
    this.attachments.set(sha256, { id, uploads: 1, contentType });
    return json(201, { attachmentId: id, sha256, contentType, bytes: blob.size });
  }

  private sync(init: RequestInit): Response {
    const body = JSON.parse(String(init.body)) as { records: { id: string; answers: Record<string, unknown> }[] };
    const evaluated = body.records.slice(0, this.evaluationsPerRequest ?? body.records.length);
    const deferred = body.records.slice(evaluated.length).map((record) => record.id);
    const results = evaluated.map((record): SyncRecordResult => {
      const rejection = this.rejections.get(record.id);
      if (rejection) return { id: record.id, status: "rejected", ...rejection };
      if (!this.holdsMediaOf(record.answers)) return { id: record.id, status: "blocked", reason: "media_missing" };
      const payload = canonicalJson({ ...record, id: undefined });
      const stored = this.records.get(record.id);
      if (stored) return { id: record.id, status: stored.payload === payload ? "duplicate" : "conflict" };
      if (this.remainingQuota !== null) {
        if (this.remainingQuota <= 0) return { id: record.id, status: "blocked", reason: "limit_reached" };
        this.remainingQuota--;
      }
      this.records.set(record.id, { payload, submitterId: this.sessionUserId ?? "" });
      return { id: record.id, status: "created" };
    });
    if (deferred.length === 0 || !this.namesDeferred) return json(200, { results });
    return json(200, { results, deferred, retryAfterSeconds: 5 });
  }

  private edit(submissionId: string, init: RequestInit): Response {
    const { answers } = JSON.parse(String(init.body)) as { answers: Record<string, unknown> };
    if (!this.holdsMediaOf(answers))
      return json(409, { error: { code: "MEDIA_MISSING", message: "Some media must be uploaded again" } });
    this.edits.set(submissionId, answers);
    return json(200, { record: { id: submissionId } });
  }

  /** Like the real server: every attachment id the answers name is an upload it holds. */
  private holdsMediaOf(answers: Record<string, unknown>): boolean {
    const held = new Set([...this.attachments.values()].map((attachment) => attachment.id));
    return Object.values(answers).every(
      (answer) =>
        typeof answer !== "object" ||
        answer === null ||
        !("attachmentId" in answer) ||
        held.has(String(answer.attachmentId)),
    );
  }

  /** How many requests matched `method path-prefix`. */
  count(prefix: string): number {
    return this.log.filter((entry) => entry.startsWith(prefix)).length;
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
