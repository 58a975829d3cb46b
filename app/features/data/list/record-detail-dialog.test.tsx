// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { RecordDetailDialog } from "./record-detail-dialog.tsx";
import type { RecordField } from "../../../../shared/records/answer-format.ts";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import ptBR from "../../../../shared/i18n/locales/pt-BR/data.json";

function field(name: string, label: string, fieldType: string, parentName: string | null = null): RecordField {
  return { id: `id-${name}`, label, name, parentName, fieldType, config: {}, removed: false };
}

/** Households → members (in a section) → visits (with a section), and a flat repeat of phones. */
const FIELDS = [
  field("domicilios", "Domicílios", "repeat"),
  field("endereco", "Endereço", "text", "domicilios"),
  field("moradores", "Moradores", "section", "domicilios"),
  field("membros", "Membros", "repeat", "moradores"),
  field("nome", "Nome", "text", "membros"),
  field("visitas", "Visitas", "repeat", "membros"),
  field("data", "Data da visita", "date", "visitas"),
  field("saude", "Saúde", "section", "visitas"),
  field("peso", "Peso (kg)", "number", "saude"),
  field("telefones", "Telefones", "repeat"),
  field("numero", "Número", "text", "telefones"),
];

const RECORD: RecordView = {
  id: "r1",
  submitter: null,
  reviewState: "received",
  location: null,
  clientCreatedAt: null,
  createdAt: "2025-05-01T12:00:00.000Z",
  updatedAt: "2025-05-01T12:00:00.000Z",
  answers: {
    "id-domicilios": [
      {
        "id-endereco": "Rua A, 1",
        "id-membros": [
          { "id-nome": "Ana", "id-visitas": [{ "id-data": "2025-05-02", "id-peso": 61.5 }] },
          {
            "id-nome": "Beto",
            "id-visitas": [{ "id-data": "2025-06-03", "id-peso": 20 }, { "id-data": "2025-07-04" }],
          },
        ],
      },
      { "id-endereco": "Rua B, 2", "id-membros": [] },
    ],
    "id-telefones": [{ "id-numero": "61 99999-0000" }],
  },
};

async function renderDetail(record: RecordView = RECORD, fields: RecordField[] = FIELDS) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { data: ptBR } }, defaultNS: "data" });
  render(
    <I18nextProvider i18n={i18n}>
      <RecordDetailDialog
        record={record}
        fields={fields}
        canEdit={false}
        editUnavailableReason={null}
        canDelete={false}
        onEdit={() => undefined}
        onDelete={() => undefined}
        onClose={() => undefined}
      />
    </I18nextProvider>,
  );
  return screen.getByTestId("record-detail");
}

describe("record detail of nested repeats", () => {
  afterEach(cleanup);

  it("titles every entry with its path from the record, one heading level deeper per level", async () => {
    const detail = await renderDetail();
    const headings = within(detail)
      .getAllByRole("heading")
      .map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(headings).toEqual([
      "H3 Domicílios › 1",
      "H4 Moradores",
      "H5 Domicílios › 1 › Membros › 1",
      "H6 Domicílios › 1 › Membros › 1 › Visitas › 1",
      "H6 Saúde",
      "H5 Domicílios › 1 › Membros › 2",
      "H6 Domicílios › 1 › Membros › 2 › Visitas › 1",
      "H6 Saúde",
      "H6 Domicílios › 1 › Membros › 2 › Visitas › 2",
      "H6 Saúde",
      "H3 Domicílios › 2",
      "H4 Moradores",
    ]);
  });

  it("names each entry's region by its heading and shows the answers inside it", async () => {
    const detail = await renderDetail();
    const visit = within(detail).getByRole("region", { name: "Domicílios › 1 › Membros › 2 › Visitas › 1" });
    expect(within(visit).getByText("03/06/2025")).toBeTruthy();
    expect(within(visit).getByText("20")).toBeTruthy();
    const lastVisit = within(detail).getByRole("region", { name: "Domicílios › 1 › Membros › 2 › Visitas › 2" });
    expect(within(lastVisit).getByText("Sem resposta")).toBeTruthy();
    const emptyHousehold = within(detail).getByRole("region", { name: "Domicílios › 2" });
    expect(within(emptyHousehold).getByText("Rua B, 2")).toBeTruthy();
    expect(within(emptyHousehold).getByText("Nenhuma entrada")).toBeTruthy();
    // Entries are a list a screen reader counts, named after their repeat (its own items: the visits nest deeper).
    const members = within(detail).getByRole("list", { name: "Membros" });
    expect([...members.children].map((item) => item.tagName)).toEqual(["LI", "LI"]);
  });

  it("keeps a repeat of plain answers as a table", async () => {
    const detail = await renderDetail();
    const table = within(detail).getByRole("table", { name: "Telefones" });
    expect(
      within(table)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "61 99999-0000"]);
  });
});

describe("record detail of answers picked from attached files", () => {
  afterEach(cleanup);

  it("shows the labels the record carries, and the stored name of a row without one", async () => {
    const fromFile = (name: string, label: string, fieldType: string, parentName: string | null = null) => ({
      ...field(name, label, fieldType, parentName),
      config: { options: [], choicesFile: "cidades.csv" },
    });
    const fields = [
      fromFile("cidade", "Cidade", "single_choice"),
      field("visitas", "Visitas", "repeat"),
      fromFile("vizinhas", "Vizinhas", "multiple_choice", "visitas"),
    ];
    const detail = await renderDetail(
      {
        ...RECORD,
        answers: { "id-cidade": "c1", "id-visitas": [{ "id-vizinhas": ["c2", "c9"] }] },
        choiceLabels: { "id-cidade": { c1: "Campinas" }, "id-vizinhas": { c2: "Santos" } },
      },
      fields,
    );
    expect(within(detail).getByText("Campinas")).toBeTruthy();
    const table = within(detail).getByRole("table", { name: "Visitas" });
    expect(within(table).getByText("Santos; c9")).toBeTruthy();
  });
});
