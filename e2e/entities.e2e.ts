import { readFileSync, rmSync } from "node:fs";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startAppServer } from "./support/app-server.ts";
import { launchBrowser } from "./support/browser.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi, type InstalledApp } from "./support/field-collector.ts";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import { grantRole, signUpAs, TRUST_PROXY_ENV } from "../server/test-support/fixtures/application-fixtures.ts";
import { record, sync } from "../server/test-support/fixtures/sync-fixtures.ts";
import { createTreeForms, entityDetail, type TreeForms } from "../server/test-support/fixtures/entity-fixtures.ts";

/**
 * Issue 26's Proof: the owner links the visit form to the trees list on the entities page, registers three trees, a collector visits one offline with its known values prefilled,
 * a second phone updates the same tree offline, both sync, and the owner sees the conflict and resolves it.
 */
describe("follow-up visits to entities, offline on two phones", () => {
  let server: TestServer;
  let browser: Browser;
  let owner: HttpClient;
  let trees: TreeForms;
  const phones: InstalledApp[] = [];
  const treeIds = new Map<string, string>();

  const openForm = async (page: Page, applicationId: string, name: RegExp) => {
    await page.goto(`${server.url}/applications/${applicationId}/collect`);
    await page.getByRole("heading", { name }).waitFor();
  };
  const openVisit = (page: Page) => openForm(page, trees.visit.id, /^Visita às árvores/);
  const heightBox = (page: Page) => page.getByRole("textbox", { name: /^Altura \(m\)/ });
  const ownerPage = async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { Origin: server.url },
      data: { email: "dona@arvores.test", password: "secret123" },
    });
    expect(signIn.status()).toBe(200);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(TRUST_PROXY_ENV), launchBrowser()]);
    owner = server.client();
    const ownerId = (await signUpAs(owner, "dona@arvores.test")).id;
    trees = await createTreeForms(owner, { visitAction: false });
    // The owner links the follow-up form to the list on its entities page: each visit updates the tree it picks.
    const setup = await ownerPage();
    await setup.page.goto(`${server.url}/applications/${trees.visit.id}/entities`);
    await setup.page.getByText("Este formulário não usa uma lista de entidades.").waitFor();
    await setup.page.getByLabel("Lista", { exact: true }).selectOption({ label: trees.list.name });
    await setup.page.getByRole("radio", { name: "atualiza a entidade escolhida" }).check();
    await setup.page.getByLabel("Pergunta que escolhe a entidade").selectOption({ label: "Árvore" });
    await setup.page.getByLabel("Propriedade altura").selectOption({ label: "Altura (m)" });
    await setup.page.getByLabel("Propriedade saude").selectOption({ label: "Saúde" });
    await setup.page.getByRole("button", { name: "Salvar", exact: true }).click();
    await setup.page.getByText("Ligação com a lista salva.").waitFor();
    // The page now shows the list the form updates.
    await setup.page.getByRole("heading", { name: trees.list.name }).waitFor();
    await setup.context.close();
    // The owner registers three trees.
    const registered = [
      ["Ipê-amarelo", 4],
      ["Jatobá", 8],
      ["Pau-brasil", 3],
    ] as const;
    for (const [species, height] of registered) {
      const tree = record({
        applicationId: trees.registration.id,
        answers: {
          [trees.registration.fields.species]: species,
          [trees.registration.fields.height]: height,
        },
      });
      expect((await sync(owner, [tree])).results).toEqual([{ id: tree.id, status: "created" }]);
      treeIds.set(species, tree.id);
    }
    for (const email of ["ana@arvores.test", "bruno@arvores.test"]) {
      const userId = (await signUpAs(server.client(), email)).id;
      const db = server.context.database.db;
      for (const applicationId of [trees.registration.id, trees.visit.id])
        await grantRole(db, { ownerId, userId, email, applicationId, role: "collaborator" });
      const phone = await openInstalledAppSignedInByApi(server, email, "secret123", INSTALLED_PHONE);
      // Online once: the app shell is precached, the forms and the trees are kept on the phone.
      await openForm(phone.page, trees.registration.id, /^Cadastro de árvores/);
      await waitForServiceWorkerControl(phone.page);
      await openVisit(phone.page);
      await phone.page.getByRole("radio", { name: "Jatobá" }).waitFor();
      phones.push(phone);
    }
  });

  afterAll(async () => {
    for (const phone of phones) {
      await phone.context.close();
      rmSync(phone.profileDir, { recursive: true, force: true });
    }
    await browser?.close();
    await server?.stop();
  });

  it("visits a tree offline with its values prefilled, and offers a tree registered offline before it syncs", async () => {
    const [ana] = phones;
    if (!ana) throw new Error("no phone");
    const { context, page } = ana;
    await context.setOffline(true);

    // A tree registered on this phone without signal…
    await openForm(page, trees.registration.id, /^Cadastro de árvores/);
    await page.getByRole("textbox", { name: /^Espécie/ }).fill("Jequitibá");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();

    // …is in the follow-up form's list at once, beside the downloaded ones.
    await openVisit(page);
    await page.getByRole("searchbox", { name: "Buscar na lista" }).fill("jequi");
    await page.getByRole("radio", { name: "Jequitibá" }).waitFor();

    await page.getByRole("searchbox", { name: "Buscar na lista" }).fill("ipe");
    await page.getByRole("radio", { name: "Ipê-amarelo" }).check();
    // The tree's known height is prefilled; the visit measures it again.
    await expect.poll(() => heightBox(page).inputValue()).toBe("4");
    await heightBox(page).fill("5");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    // The screen counts this form's records waiting on the phone.
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();
  });

  it("a second phone updates the same tree offline; both sync and the tree is flagged, both changes kept", async () => {
    const [ana, bruno] = phones;
    if (!ana || !bruno) throw new Error("no phones");
    await bruno.context.setOffline(true);
    await openVisit(bruno.page);
    await bruno.page.getByRole("radio", { name: "Ipê-amarelo" }).check();
    await expect.poll(() => heightBox(bruno.page).inputValue()).toBe("4");
    await bruno.page.getByRole("textbox", { name: /^Saúde/ }).fill("folhas secas");
    await bruno.page.getByRole("button", { name: "Salvar registro" }).click();
    await bruno.page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();

    await ana.context.setOffline(false);
    await ana.page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    await bruno.context.setOffline(false);
    await bruno.page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });

    const ipe = treeIds.get("Ipê-amarelo") ?? "";
    const { entity, history } = await entityDetail(owner, trees.visit.id, ipe);
    // The later record wins, prefilled height included; the first phone's measure stays in the history.
    expect(entity).toMatchObject({ version: 3, conflict: true, properties: { altura: 4, saude: "folhas secas" } });
    expect(history[1]?.changes).toEqual({ altura: 5 });
    expect(history.map((row) => [row.version, row.baseVersion, row.conflict])).toEqual([
      [1, null, false],
      [2, 1, false],
      [3, 1, true],
    ]);
    // The tree registered offline arrived too, under its record's id.
    const { entities } = await (await owner.get(`/api/applications/${trees.visit.id}/entities`)).json();
    expect(entities.map((tree: { label: string }) => tree.label)).toContain("Jequitibá");
  });

  it("the owner uploads a CSV of trees, finds them on the list and the map, and downloads them as GeoJSON", async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${server.url}/applications/${trees.registration.id}/entities`);
    await page.getByRole("heading", { name: trees.list.name }).waitFor();
    const csv = [
      "label;especie;altura;__latitude;__longitude",
      "Baobá da praça;Baobá;12,5;-15.801;-47.861",
      "Sumaúma do parque;Sumaúma;alta;-15.802;-47.862",
      "Buriti da vereda;Buriti;9;-15.803;-47.863",
    ].join("\n");
    await page
      .getByLabel("Arquivo CSV")
      .setInputFiles({ name: "arvores.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await page.getByText("2 criada(s), 0 atualizada(s), 0 sem mudança.").waitFor();
    // The bad row is named by its line and column; its neighbours were stored.
    await page.getByText("Linha 3: altura não é um número.").waitFor();

    await page.getByLabel("Criada por").selectOption({ label: "um arquivo CSV" });
    await page.getByText("1–2 de 2 entidades").waitFor();
    await page.getByRole("button", { name: "Baobá da praça" }).waitFor();
    await page.getByRole("button", { name: "Buriti da vereda" }).waitFor();
    await page.locator('[data-testid="entity-map"][data-points="2"]').waitFor();

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "GeoJSON" }).click();
    const download = await downloading;
    const { check } = await import("@placemarkio/check-geojson");
    const collection = check(readFileSync(await download.path(), "utf8"));
    assert(collection.type === "FeatureCollection");
    expect(collection.features.map((feature) => [feature.properties?.["label"], feature.geometry]).sort()).toEqual([
      ["Baobá da praça", { type: "Point", coordinates: [-47.861, -15.801] }],
      ["Buriti da vereda", { type: "Point", coordinates: [-47.863, -15.803] }],
    ]);
    await context.close();
  });

  it("shows the conflict to the owner, who keeps one value per property and resolves it", async () => {
    const { context, page } = await ownerPage();
    await page.goto(`${server.url}/applications/${trees.visit.id}/entities`);
    await page.getByRole("heading", { name: "Entidades", exact: true }).waitFor();
    await page.getByLabel("Só com conflito").check();
    const item = page.getByRole("button", { name: /Ipê-amarelo/ });
    await item.getByText("Conflito").waitFor();
    await item.click();
    await page.getByText("Alterações simultâneas").waitFor();
    // The history lists the three versions, newest first, the conflicting one marked.
    await page.getByText("Versão 3").waitFor();
    await page.getByText("feita a partir da versão 1").first().waitFor();

    // The owner keeps the first phone's measure and the second phone's note.
    await page.getByRole("group", { name: "altura" }).getByRole("radio", { name: "5" }).check();
    await page.getByRole("button", { name: "Resolver conflito" }).click();
    await page.getByText("Conflito resolvido.").waitFor();
    await page.getByText("Alterações simultâneas").waitFor({ state: "detached" });
    const ipe = treeIds.get("Ipê-amarelo") ?? "";
    const { entity, history } = await entityDetail(owner, trees.visit.id, ipe);
    expect(entity).toMatchObject({ version: 4, conflict: false, properties: { altura: 5, saude: "folhas secas" } });
    expect(history.at(-1)).toMatchObject({ source: "resolution", baseVersion: 3 });
    await context.close();
  });
});
