import { createHmac, randomUUID } from "node:crypto";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startWebhookReceiver } from "../../test-support/webhook-receiver.ts";
import { signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";
import { createEndpointVia, WEBHOOK_TEST_ENV } from "../webhooks/webhook-fixtures.ts";
import { createTreeForms, type TreeForms } from "../../test-support/fixtures/entity-fixtures.ts";
import type { WebhookEntity } from "../../../shared/integrations/webhook-payloads.ts";

interface EntityPayload {
  id: string;
  event: string;
  application: { id: string };
  entity: WebhookEntity;
}

describe("entity lists: OData feed, webhooks and list names", () => {
  let server: TestServer;
  let owner: HttpClient;
  let trees: TreeForms;

  async function json<T>(response: Response, status = 200): Promise<T> {
    const text = await response.text();
    assert(response.status === status, `${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, ...WEBHOOK_TEST_ENV } });
    owner = server.client();
    const ownerId = (await signUpAs(owner, `feeds-${randomUUID().slice(0, 6)}@campo.test`)).id;
    await server.context.database.db.insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    trees = await createTreeForms(owner);
  });
  afterAll(() => server.stop());

  it("sends entity.created and entity.updated once per change, signed, from sync and from an upload", async () => {
    const receiver = await startWebhookReceiver();
    const onRegistration = await createEndpointVia(owner, trees.registration.id, receiver.url, [
      "entity.created",
      "entity.updated",
    ]);
    await createEndpointVia(owner, trees.visit.id, receiver.url, ["entity.updated"]);

    const tree = record({
      applicationId: trees.registration.id,
      answers: {
        [trees.registration.fields.species]: "Aroeira",
        [trees.registration.fields.height]: 3,
        [trees.registration.fields.place]: { latitude: -15.7, longitude: -47.8 },
      },
    });
    await sync(owner, [tree]);
    await sync(owner, [tree]); // resent: no second event
    const check = {
      ...record({
        applicationId: trees.visit.id,
        answers: { [trees.visit.fields.tree]: tree.id, [trees.visit.fields.health]: "boa" },
      }),
      entityBaseVersion: 1,
    };
    await sync(owner, [check]);
    await sync(owner, [check]);
    const uploaded = await json<{ created: number }>(
      await owner.post(`/api/applications/${trees.registration.id}/entity-upload`, { csv: "label\nAroeira-2" }),
    );
    expect(uploaded.created).toBe(1);

    const requests = await receiver.received(3);
    // Deliveries of different endpoints go out side by side: read them in the order the changes were made.
    const payloads = requests
      .map((request) => JSON.parse(request.body) as EntityPayload)
      .sort((a, b) => a.entity.label.localeCompare(b.entity.label) || a.entity.version - b.entity.version);
    expect(payloads.map((payload) => [payload.event, payload.application.id, payload.entity.label])).toEqual([
      ["entity.created", trees.registration.id, "Aroeira"],
      ["entity.updated", trees.visit.id, "Aroeira"],
      ["entity.created", trees.registration.id, "Aroeira-2"],
    ]);
    expect(payloads[0]?.entity).toMatchObject({
      id: tree.id,
      list: { id: trees.list.id },
      properties: { especie: "Aroeira", altura: 3 },
      location: { latitude: -15.7, longitude: -47.8 },
      version: 1,
      change: { source: "record", recordId: tree.id, baseVersion: null },
    });
    expect(payloads[1]?.entity).toMatchObject({
      version: 2,
      properties: { especie: "Aroeira", altura: 3, saude: "boa" },
      change: { source: "record", recordId: check.id, baseVersion: 1, changes: { saude: "boa" } },
    });
    expect(payloads[2]?.entity.change).toMatchObject({ source: "upload", recordId: null });
    const first = requests.find((request) => request.body.includes('"event":"entity.created"'));
    assert(first);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(first.headers["campo-signature"])) ?? [];
    assert(t && v1);
    expect(v1).toBe(createHmac("sha256", onRegistration.secret).update(`${t}.${first.body}`).digest("hex"));
    await receiver.close();
    expect(receiver.requests).toHaveLength(3);
  });

  it("serves the list as an OData feed: service document, $metadata, $top/$skip/$count and a next link", async () => {
    for (const label of ["Baru", "Cagaita", "Pequi"])
      await owner.post(`/api/applications/${trees.visit.id}/entities`, { label, properties: { altura: 2 } });
    const root = `/api/odata/entities/${trees.visit.id}/`;
    const service = await json<{ value: { name: string; url: string }[] }>(await owner.get(root));
    expect(service.value).toEqual([{ name: "Entities", kind: "EntitySet", url: "Entities" }]);

    const metadata = await owner.get(`${root}$metadata`);
    expect(metadata.headers.get("odata-version")).toBe("4.0");
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await metadata.text()) as {
      "edmx:Edmx": {
        "edmx:DataServices": { Schema: { EntityType: { Name: string; Property: { Name: string; Type: string }[] } } };
      };
    };
    const type = xml["edmx:Edmx"]["edmx:DataServices"].Schema.EntityType;
    expect(type.Name).toBe("Entity");
    expect(Object.fromEntries(type.Property.map((property) => [property.Name, property.Type]))).toMatchObject({
      __id: "Edm.String",
      label: "Edm.String",
      especie: "Edm.String",
      altura: "Edm.Decimal",
      __latitude: "Edm.Double",
      __version: "Edm.Int32",
      __conflict: "Edm.Boolean",
    });

    const all = await json<{ "@odata.count": number; value: { label: string }[] }>(
      await owner.get(`${root}Entities?$count=true`),
    );
    const total = all["@odata.count"];
    expect(all.value).toHaveLength(total);
    expect(all.value.map((entity) => entity.label)).toEqual(expect.arrayContaining(["Baru", "Cagaita", "Pequi"]));
    const firstPage = await json<{ value: { label: string; altura: number }[]; "@odata.nextLink": string }>(
      await owner.get(`${root}Entities?$top=2&$select=label,altura`, { headers: { Prefer: "odata.maxpagesize=1" } }),
    );
    expect(firstPage.value).toEqual([{ label: all.value[0]?.label, altura: expect.anything() }]);
    const next = new URL(firstPage["@odata.nextLink"]);
    expect(Object.fromEntries(next.searchParams)).toEqual({ $select: "label,altura", $top: "1", $skip: "1" });
    const secondPage = await json<{ value: { label: string }[]; "@odata.nextLink"?: string }>(
      await owner.get(`${next.pathname}${next.search}`, { headers: { Prefer: "odata.maxpagesize=1" } }),
    );
    expect(secondPage.value.map((entity) => entity.label)).toEqual([all.value[1]?.label]);
    expect(secondPage["@odata.nextLink"]).toBeUndefined();
    const skipped = await json<{ value: { label: string }[] }>(await owner.get(`${root}Entities?$skip=${total - 1}`));
    expect(skipped.value.map((entity) => entity.label)).toEqual([all.value[total - 1]?.label]);

    const filtered = await owner.get(`${root}Entities?$filter=label eq 'Baru'`);
    expect(filtered.status).toBe(501);
    expect((await owner.get(`${root}Records`)).status).toBe(404);
  });

  it("refuses list names with their own codes: taken, invalid characters, reserved", async () => {
    const create = (name: string) =>
      owner.post(`/api/applications/${trees.registration.id}/entity-lists`, { name, properties: [] });
    const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
    const taken = await create(trees.list.name.toUpperCase());
    expect([taken.status, await codeOf(taken)]).toEqual([409, "ENTITY_LIST_NAME_TAKEN"]);
    const invalid = await create("árvores.csv");
    expect([invalid.status, await codeOf(invalid)]).toEqual([400, "ENTITY_LIST_NAME_INVALID"]);
    const reserved = await create("__sistema");
    expect([reserved.status, await codeOf(reserved)]).toEqual([400, "ENTITY_LIST_NAME_RESERVED"]);
    expect((await create("Poços d-água_2")).status).toBe(201);
  });
});
