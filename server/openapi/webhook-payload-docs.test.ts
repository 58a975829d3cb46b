import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi-document.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { WEBHOOK_EVENTS } from "../../shared/integrations/webhook-events.ts";

/** Every `.ts` file under server/ but tests. */
function serverSources(folder = "server"): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The event names the server passes where it queues a delivery: the emitter's calls and the ping's own row. */
function emittedEvents(): Set<string> {
  const events = new Set<string>();
  for (const file of serverSources()) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/webhooks\??\.(?:record|application)\(\s*\w+,\s*"([\w.]+)"/g))
      events.add(match[1] ?? "");
    if (file.includes(`${path.sep}webhooks${path.sep}`))
      for (const match of text.matchAll(/event: "([\w.]+)"/g)) events.add(match[1] ?? "");
  }
  return events;
}

describe("the OpenAPI document's webhooks section", () => {
  const document = buildOpenApiDocument(API_CONTRACTS) as {
    webhooks?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: unknown }> } } }>;
  };

  it("documents every event an endpoint can subscribe to, the ping, and every event the server emits", () => {
    const documented = Object.keys(document.webhooks ?? {});
    expect(documented.sort()).toEqual([...WEBHOOK_EVENTS, "ping"].sort());
    const emitted = emittedEvents();
    // The scan finds the emission sites (if it found none, a renamed emitter would make this test vacuous).
    expect(emitted).toContain("record.created");
    expect(emitted).toContain("member.added");
    expect(emitted).toContain("ping");
    expect([...emitted].filter((event) => !documented.includes(event))).toEqual([]);
  });

  it("gives each event its JSON body schema with the common envelope", () => {
    for (const [event, item] of Object.entries(document.webhooks ?? {})) {
      const schema = item.post?.requestBody?.content?.["application/json"]?.schema as
        { required?: string[]; properties?: Record<string, { const?: string; enum?: string[] }> } | undefined;
      expect(schema?.required, event).toEqual(expect.arrayContaining(["id", "event", "occurredAt", "application"]));
      const eventProperty = schema?.properties?.event;
      expect(eventProperty?.const ?? eventProperty?.enum?.[0], event).toBe(event);
    }
    const created = document.webhooks?.["record.created"]?.post?.requestBody?.content?.["application/json"]?.schema;
    expect(JSON.stringify(created)).toContain("answers");
  });
});
