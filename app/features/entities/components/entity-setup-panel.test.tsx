// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { EntitySetupPanel } from "./entity-setup-panel.tsx";
import type { ApplicationField } from "../../../../shared/applications/application-dtos.ts";
import type { EntityListDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityAction } from "../../../../shared/entities/entity-schemas.ts";
import entities from "../../../../shared/i18n/locales/pt-BR/entities.json";
import errors from "../../../../shared/i18n/locales/pt-BR/errors.json";

function field(
  name: string,
  label: string,
  fieldType: ApplicationField["fieldType"],
  parentName: string | null = null,
) {
  return {
    id: name,
    applicationId: "app",
    name,
    label,
    fieldType,
    parentName,
    position: 0,
    config: {},
  } as ApplicationField;
}

const FIELDS = [
  field("especie", "Espécie", "text"),
  field("altura", "Altura (m)", "number"),
  field("foto", "Foto", "photo"),
  field("local", "Local", "gps"),
  field("arvore", "Árvore", "entity"),
  field("nota", "Nota do grupo", "text", "grupo"),
];
const TREES: EntityListDto = {
  id: "7f1c1a2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
  name: "Árvores",
  properties: [
    { name: "especie", type: "text" },
    { name: "altura", type: "number" },
  ],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A server with one answer per route: what the panel sends is recorded, the answers are the API's shapes. */
function stubServer(answers: Record<string, (body: unknown) => [number, unknown]>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const answer = answers[`${method} ${url}`];
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    const [status, json] = answer(body);
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

async function renderPanel(action: EntityAction | null = null) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { entities, errors } }, defaultNS: "entities" });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <EntitySetupPanel applicationId="app" action={action} fields={FIELDS} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("EntitySetupPanel", () => {
  it("creates a list, then saves the form's create action with fitting questions only", async () => {
    let lists: EntityListDto[] = [];
    let puts = 0;
    const calls = stubServer({
      "GET /api/applications/app/entity-lists": () => [200, { lists }],
      "POST /api/applications/app/entity-lists": () => {
        lists = [TREES];
        return [201, { list: TREES }];
      },
      "PUT /api/applications/app/entity-action": (body) =>
        ++puts === 1
          ? [400, { error: { code: "ENTITY_ACTION_INVALID", message: "no", details: { fields: ["labelField"] } } }]
          : [200, { action: body }],
    });
    await renderPanel();
    await screen.findByText(entities.setup.noLists);

    fireEvent.change(screen.getByLabelText("Nome da lista"), { target: { value: "Árvores" } });
    fireEvent.change(screen.getByLabelText("Nome da propriedade 1"), { target: { value: "especie" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar propriedade" }));
    fireEvent.change(screen.getByLabelText("Nome da propriedade 2"), { target: { value: "altura" } });
    choose("Tipo da propriedade 2", "number");
    fireEvent.click(screen.getByRole("button", { name: "Criar lista" }));

    // The new list is chosen at once and its properties offered for mapping.
    await screen.findByLabelText("Propriedade altura");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      name: "Árvores",
      properties: [
        { name: "especie", type: "text" },
        { name: "altura", type: "number" },
      ],
    });
    expect(screen.getByLabelText<HTMLSelectElement>("Lista").value).toBe(TREES.id);
    // A number property is offered number questions only; the label never a question inside a group.
    const heightOptions = within(screen.getByLabelText("Propriedade altura")).getAllByRole("option");
    expect(heightOptions.map((option) => option.textContent)).toEqual(["Não salvar", "Altura (m)"]);
    const labelOptions = within(screen.getByLabelText("Pergunta que dá o nome da entidade")).getAllByRole("option");
    expect(labelOptions.map((option) => option.textContent)).toEqual(["Escolha uma pergunta", "Espécie"]);

    // The server's refusal is shown in the user's language.
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect((await screen.findByRole("alert")).textContent).toBe(errors.entityActionInvalid);

    choose("Pergunta que dá o nome da entidade", "especie");
    choose("Pergunta de GPS que localiza a entidade", "local");
    choose("Propriedade altura", "altura");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await screen.findByText("Ligação com a lista salva.");
    expect(calls.filter((call) => call.method === "PUT").at(-1)?.body).toEqual({
      kind: "create",
      listId: TREES.id,
      labelField: "especie",
      geometryField: "local",
      saves: { altura: "altura" },
    });
  });

  it("unlinks the form from its list after a confirmation, and offers no unlinking when there is no link", async () => {
    const calls = stubServer({
      "GET /api/applications/app/entity-lists": () => [200, { lists: [TREES] }],
      "DELETE /api/applications/app/entity-action": () => [200, { action: null }],
    });
    await renderPanel({ kind: "create", listId: TREES.id, labelField: "especie", saves: { altura: "altura" } });
    fireEvent.click(await screen.findByRole("button", { name: entities.setup.remove }));
    const dialog = await screen.findByRole("alertdialog");
    within(dialog).getByText(entities.setup.removeText);
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: entities.setup.remove }));
    await screen.findByText(entities.setup.removed);
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    // The draft is cleared: no list chosen, nothing left to save.
    expect(screen.getByLabelText<HTMLSelectElement>("Lista").value).toBe("");
    cleanup();
    await renderPanel();
    await screen.findByLabelText("Lista");
    expect(screen.queryByRole("button", { name: entities.setup.remove })).toBeNull();
  });

  it("saves an update action through the form's entity question", async () => {
    const calls = stubServer({
      "GET /api/applications/app/entity-lists": () => [200, { lists: [TREES] }],
      "PUT /api/applications/app/entity-action": (body) => [200, { action: body }],
    });
    await renderPanel();
    await screen.findByLabelText("Lista");
    choose("Lista", TREES.id);
    fireEvent.click(screen.getByRole("radio", { name: "atualiza a entidade escolhida" }));
    expect(screen.queryByLabelText("Pergunta que dá o nome da entidade")).toBeNull();
    choose("Pergunta que escolhe a entidade", "arvore");
    choose("Propriedade especie", "especie");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      kind: "update",
      listId: TREES.id,
      entityField: "arvore",
      saves: { especie: "especie" },
    });
  });
});
