import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeOfflineDb } from "./db.ts";
import { listOutbox, saveToOutbox } from "./outbox.ts";
import { linkOwnerKey, syncLink } from "./public-link-sync.ts";
import { CACHE_SETTINGS_KEY } from "./cache-settings.ts";
import { PROOF_HEADER } from "../../shared/public-links/public-link-dtos.ts";
import { memoryLocalStorage } from "./testing/memory-local-storage.ts";

vi.mock("../lib/proof-of-work/solve-proof.ts", () => ({ solveInWorker: async () => "nonce" }));

const APP = "9c5b94b1-35ad-49bb-b118-8e8fc24abf80";
const PHOTO = "5b0f4a8e-0f3c-4a59-8a8d-1f1d2b9a7c11";
const DEVICE = "0d6f7f9e-3c1b-4b0a-9d55-2f0a5a0c6e21";
const ATTACHMENT = "7e1c2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], { type: "image/jpeg" });

interface Seen {
  method: string;
  path: string;
  proof: string | null;
  body?: unknown;
}

/** The link's endpoints as the server answers them; `sync` and `upload` decide the answers under test. */
function linkServer(
  token: string,
  answers: { upload?: () => Response; sync?: (ids: string[]) => Response },
): { seen: Seen[] } {
  const seen: Seen[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  vi.stubGlobal("fetch", async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const proof = new Headers(init.headers).get(PROOF_HEADER);
    const base = `/api/public/links/${token}`;
    if (path === `${base}/challenge`) return json({ challenge: "c", difficulty: 1, validForSeconds: 600 });
    if (method === "PUT" && path.startsWith(`${base}/attachments/`)) {
      seen.push({ method, path, proof });
      if (answers.upload) return answers.upload();
      const sha256 = path.slice(`${base}/attachments/`.length).split("?")[0];
      return json({ attachmentId: ATTACHMENT, sha256, contentType: "image/jpeg", bytes: 5 }, 201);
    }
    if (method === "POST" && path === `${base}/sync`) {
      const body = JSON.parse(String(init.body)) as { records: { id: string }[] };
      seen.push({ method, path, proof, body });
      const ids = body.records.map((record) => record.id);
      return answers.sync?.(ids) ?? json({ results: ids.map((id) => ({ id, status: "created" })) });
    }
    return json({ error: { code: "NOT_FOUND" } }, 404);
  });
  return { seen };
}

const saveWithPhoto = (token: string) =>
  saveToOutbox({
    userId: linkOwnerKey(token),
    applicationId: APP,
    answers: { name: "Ana" },
    media: [{ fieldId: PHOTO, blob: jpeg, contentType: "image/jpeg" }],
  });

beforeEach(async () => {
  closeOfflineDb();
  await Dexie.delete("campo-offline");
  vi.stubGlobal("localStorage", memoryLocalStorage());
  localStorage.setItem(CACHE_SETTINGS_KEY, JSON.stringify({ autoCleanAfterSync: false, keepSyncedDataDays: 30 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("syncLink", () => {
  it("uploads a visitor's photo through the link with the proof, then sends the record naming it", async () => {
    const token = "token-photo-aaaaaaaaaaaa";
    const { seen } = linkServer(token, {});
    const saved = await saveWithPhoto(token);
    const report = await syncLink(token, DEVICE);
    expect(report.synced).toBe(1);
    expect(seen.map((entry) => entry.method)).toEqual(["PUT", "POST"]);
    expect(seen[0]?.path).toContain(`fieldId=${PHOTO}`);
    expect(seen.every((entry) => entry.proof === "c.nonce")).toBe(true);
    const sent = (seen[1]?.body as { records: { answers: Record<string, unknown> }[] }).records[0];
    expect(sent?.answers[PHOTO]).toMatchObject({ attachmentId: ATTACHMENT, contentType: "image/jpeg" });
    expect((await listOutbox(linkOwnerKey(token))).map((record) => [record.id, record.status])).toEqual([
      [saved.id, "synced"],
    ]);
  });

  it("keeps the record queued, untouched, when the link refuses the upload (paused)", async () => {
    const token = "token-paused-aaaaaaaaaaa";
    const { seen } = linkServer(token, {
      upload: () => new Response(JSON.stringify({ error: { code: "PUBLIC_LINK_PAUSED" } }), { status: 423 }),
    });
    await saveWithPhoto(token);
    const report = await syncLink(token, DEVICE);
    expect(report.refusal).toBe("PUBLIC_LINK_PAUSED");
    expect(seen.map((entry) => entry.method)).toEqual(["PUT"]);
    expect((await listOutbox(linkOwnerKey(token))).map((record) => record.status)).toEqual(["pending"]);
  });

  it("at the owner's plan limit the record stays on the device, blocked, and is sent again later", async () => {
    const token = "token-limit-aaaaaaaaaaaa";
    let full = true;
    linkServer(token, {
      sync: (ids) =>
        full
          ? new Response(
              JSON.stringify({ results: ids.map((id) => ({ id, status: "blocked", reason: "limit_reached" })) }),
            )
          : new Response(JSON.stringify({ results: ids.map((id) => ({ id, status: "created" })) })),
    });
    await saveWithPhoto(token);
    const held = await syncLink(token, DEVICE);
    expect(held.blocked).toBe(1);
    expect((await listOutbox(linkOwnerKey(token))).map((record) => record.status)).toEqual(["blocked"]);
    full = false;
    expect((await syncLink(token, DEVICE)).synced).toBe(1);
    expect((await listOutbox(linkOwnerKey(token))).map((record) => record.status)).toEqual(["synced"]);
  });
});
