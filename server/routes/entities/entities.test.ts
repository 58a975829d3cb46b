import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userLimits } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { grantRole, signUpAs, TRUST_PROXY_ENV } from "../../test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../../test-support/fixtures/sync-fixtures.ts";
import {
  applicationEntities,
  createTreeForms,
  entityDetail,
  type TreeForms,
} from "../../test-support/fixtures/entity-fixtures.ts";

describe("entities", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let trees: TreeForms;

  const register = (species: string, height: number, id = randomUUID()) =>
    record({
      id,
      applicationId: trees.registration.id,
      answers: {
        [trees.registration.fields.species]: species,
        [trees.registration.fields.height]: height,
        [trees.registration.fields.place]: { latitude: -15.79, longitude: -47.88 },
      },
    });
  const visit = (treeId: string, answers: { height?: number; health?: string }, baseVersion?: number) => ({
    ...record({
      applicationId: trees.visit.id,
      answers: {
        [trees.visit.fields.tree]: treeId,
        ...(answers.height === undefined ? {} : { [trees.visit.fields.height]: answers.height }),
        ...(answers.health === undefined ? {} : { [trees.visit.fields.health]: answers.health }),
      },
    }),
    ...(baseVersion === undefined ? {} : { entityBaseVersion: baseVersion }),
  });

  beforeAll(async () => {
    server = await startTestServer({ env: TRUST_PROXY_ENV });
    owner = server.client();
    ownerId = (await signUpAs(owner, "dona.arvores@campo.test")).id;
    // These records and forms must not meet the free plan's caps.
    await server.context.database.db
      .insert(userLimits)
      .values({ userId: ownerId, maxSubmissions: 1000, maxApplications: 20 });
    trees = await createTreeForms(owner);
  });
  afterAll(() => server.stop());

  it("a registration record creates its entity once, under the record's id, even when the batch is resent", async () => {
    const ipe = register("Ipê-amarelo", 4.5);
    const first = await sync(owner, [ipe]);
    expect(first.results).toEqual([{ id: ipe.id, status: "created" }]);
    const again = await sync(owner, [ipe]);
    expect(again.results).toEqual([{ id: ipe.id, status: "duplicate" }]);

    const { entities, list, action } = await applicationEntities(owner, trees.visit.id);
    expect(list?.id).toBe(trees.list.id);
    expect(action).toMatchObject({ kind: "update", entityField: "arvore" });
    expect(entities.filter((entity) => entity.id === ipe.id)).toEqual([
      expect.objectContaining({
        label: "Ipê-amarelo",
        properties: { especie: "Ipê-amarelo", altura: 4.5 },
        latitude: -15.79,
        longitude: -47.88,
        version: 1,
        conflict: false,
      }),
    ]);
    const { history } = await entityDetail(owner, trees.visit.id, ipe.id);
    expect(history).toEqual([expect.objectContaining({ version: 1, source: "record", recordId: ipe.id })]);
  });

  it("a visit from the current version updates the entity and is kept in its history", async () => {
    const jatoba = register("Jatobá", 8);
    await sync(owner, [jatoba]);
    const check = visit(jatoba.id, { height: 9, health: "boa" }, 1);
    expect((await sync(owner, [check])).results).toEqual([{ id: check.id, status: "created" }]);
    // Resending the visit changes nothing a second time.
    expect((await sync(owner, [check])).results).toEqual([{ id: check.id, status: "duplicate" }]);

    const { entity, history } = await entityDetail(owner, trees.visit.id, jatoba.id);
    expect(entity).toMatchObject({
      version: 2,
      conflict: false,
      properties: { especie: "Jatobá", altura: 9, saude: "boa" },
    });
    expect(history.map((row) => [row.version, row.baseVersion, row.recordId, row.conflict])).toEqual([
      [1, null, jatoba.id, false],
      [2, 1, check.id, false],
    ]);
  });

  it("two phones updating the same version: both are kept, the later wins and the entity is flagged", async () => {
    const pau = register("Pau-brasil", 3);
    await sync(owner, [pau]);
    const firstPhone = visit(pau.id, { height: 3.2, health: "seca" }, 1);
    const secondPhone = visit(pau.id, { health: "boa" }, 1);
    await sync(owner, [firstPhone]);
    await sync(owner, [secondPhone]);

    const { entity, history } = await entityDetail(owner, trees.visit.id, pau.id);
    expect(entity).toMatchObject({ version: 3, conflict: true, properties: { altura: 3.2, saude: "boa" } });
    expect(history.map((row) => [row.version, row.baseVersion, row.recordId, row.conflict])).toEqual([
      [1, null, pau.id, false],
      [2, 1, firstPhone.id, false],
      [3, 1, secondPhone.id, true],
    ]);
  });

  it("an administrator resolves a conflict from the version they saw, never over a newer one", async () => {
    const cedro = register("Cedro", 5);
    await sync(owner, [cedro]);
    await sync(owner, [visit(cedro.id, { health: "boa" }, 1)]);
    await sync(owner, [visit(cedro.id, { health: "ruim" }, 1)]);
    const path = `/api/applications/${trees.visit.id}/entities/${cedro.id}/resolve`;

    const stale = await owner.post(path, { version: 2, label: "Cedro", properties: { saude: "boa" } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: "ENTITY_VERSION_CHANGED" } });

    const resolved = await owner.post(path, { version: 3, label: "Cedro-rosa", properties: { saude: "boa" } });
    expect(resolved.status).toBe(200);
    const { entity, history } = await entityDetail(owner, trees.visit.id, cedro.id);
    expect(entity).toMatchObject({ version: 4, conflict: false, label: "Cedro-rosa", properties: { saude: "boa" } });
    expect(history.at(-1)).toMatchObject({ version: 4, baseVersion: 3, source: "resolution", recordId: null });
  });

  it("one bad record never takes its neighbours down, and a visit to an unknown entity stores only the record", async () => {
    const angico = register("Angico", 6);
    await sync(owner, [angico]);
    const good = visit(angico.id, { height: 6.5 }, 1);
    const invalid = visit(angico.id, { height: 7 }, 1);
    invalid.answers[trees.visit.fields.tree] = "não é um id";
    const stray = visit(randomUUID(), { height: 1 }, 1);
    const { results } = await sync(owner, [invalid, good, stray]);
    expect(results).toEqual([
      expect.objectContaining({ id: invalid.id, status: "rejected" }),
      { id: good.id, status: "created" },
      { id: stray.id, status: "created" },
    ]);
    const { entity } = await entityDetail(owner, trees.visit.id, angico.id);
    expect(entity).toMatchObject({ version: 2, properties: { altura: 6.5 } });
  });

  it("shows a list's entities only to those with a role in the application", async () => {
    const collaborator = server.client();
    const member = await signUpAs(collaborator, "coletor.arvores@campo.test");
    await grantRole(server.context.database.db, {
      ownerId,
      userId: member.id,
      email: member.email,
      applicationId: trees.visit.id,
      role: "collaborator",
    });
    const stranger = server.client();
    await signUpAs(stranger, "estranho.arvores@campo.test");

    expect((await applicationEntities(collaborator, trees.visit.id)).entities.length).toBeGreaterThan(0);
    // The registration form is not theirs: its (same) list stays out of reach through it.
    expect((await collaborator.get(`/api/applications/${trees.registration.id}/entities`)).status).toBe(404);
    expect((await stranger.get(`/api/applications/${trees.visit.id}/entities`)).status).toBe(404);
    const [some] = (await applicationEntities(owner, trees.visit.id)).entities;
    const resolve = await collaborator.post(`/api/applications/${trees.visit.id}/entities/${some?.id}/resolve`, {
      version: some?.version,
      label: "x",
      properties: {},
    });
    expect(resolve.status).toBe(403);
  });

  it("refuses a list name the owner already uses and an action that does not match the list or the form", async () => {
    const again = await owner.post(`/api/applications/${trees.registration.id}/entity-lists`, {
      name: trees.list.name.toUpperCase(),
      properties: [],
    });
    expect(again.status).toBe(409);
    const path = `/api/applications/${trees.visit.id}/entity-action`;
    const unknownProperty = await owner.put(path, {
      kind: "update",
      listId: trees.list.id,
      entityField: "arvore",
      saves: { diametro: "altura" },
    });
    expect(unknownProperty.status).toBe(400);
    expect(await unknownProperty.json()).toMatchObject({ error: { code: "ENTITY_ACTION_INVALID" } });
    const notAnEntityQuestion = await owner.put(path, {
      kind: "update",
      listId: trees.list.id,
      entityField: "saude",
      saves: {},
    });
    expect(notAnEntityQuestion.status).toBe(400);
    const anotherOwnersList = await owner.put(path, {
      kind: "update",
      listId: randomUUID(),
      entityField: "arvore",
      saves: {},
    });
    expect(anotherOwnersList.status).toBe(404);
  });

  it("the action's condition (XLSForm's create_if) decides which records create an entity; the records are kept", async () => {
    const forms = await createTreeForms(owner, { visitAction: false });
    const path = `/api/applications/${forms.registration.id}/entity-action`;
    const action = {
      kind: "create",
      listId: forms.list.id,
      labelField: "especie",
      saves: { especie: "especie", altura: "altura" },
    };
    const unknownQuestion = await owner.put(path, { ...action, condition: "${diametro} > 1" });
    expect(unknownQuestion.status).toBe(400);
    expect(await unknownQuestion.json()).toMatchObject({
      error: { code: "ENTITY_ACTION_INVALID", details: { fields: ["condition"] } },
    });
    expect((await owner.put(path, { ...action, condition: "${altura} >= 1" })).status).toBe(200);

    const tree = (especie: string, altura: number) =>
      record({
        applicationId: forms.registration.id,
        answers: { [forms.registration.fields.species]: especie, [forms.registration.fields.height]: altura },
      });
    const [seedling, grown] = [tree("Muda de ipê", 0.4), tree("Ipê", 2)];
    expect((await sync(owner, [seedling, grown])).results).toEqual([
      { id: seedling.id, status: "created" },
      { id: grown.id, status: "created" },
    ]);
    const { entities } = await applicationEntities(owner, forms.registration.id);
    expect(entities.map((entity) => [entity.id, entity.label])).toEqual([[grown.id, "Ipê"]]);
  });
});
