import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import {
  CAPTURE_MODES,
  DEFAULT_CAPTURE_MODE,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PHOTO_MAX_SIZE_MB,
  DEFAULT_TEXT_FORMAT,
  FIELD_PALETTE,
  FIELD_TYPE_INFO,
  FIELD_TYPES,
  NUMBER_FORMATS,
  PHOTO_MAX_SIZES_MB,
  TEXT_FORMATS,
  isFieldType,
} from "./field-types.ts";
import { fieldsT } from "./test-i18n.ts";

describe("field types", () => {
  it("stores the types under stable English keys", () => {
    expect(FIELD_TYPES).toEqual([
      "text",
      "number",
      "date",
      "time",
      "yes_no",
      "single_choice",
      "multiple_choice",
      "email",
      "phone",
      "url",
      "signature",
      "photo",
      "audio",
      "video",
      "file",
      "gps",
      "note",
      "calculation",
      "section",
      "repeat",
      "datetime",
      "range",
      "rank",
      "acknowledge",
      "hidden",
      "barcode",
      "metadata",
      "line",
      "area",
      "entity",
    ]);
  });

  it("labels each type in the palette with the spec's Portuguese name", async () => {
    const t = await fieldsT("pt-BR");
    const labels = FIELD_TYPES.map((type) => t(FIELD_TYPE_INFO[type].labelKey));
    expect(labels).toEqual([
      "Texto",
      "Numérico",
      "Data",
      "Hora",
      "Sim/Não",
      "Escolha única",
      "Múltipla escolha",
      "Email",
      "Telefone",
      "URL",
      "Assinatura",
      "Foto",
      "Áudio",
      "Vídeo",
      "Arquivo",
      "GPS",
      "Nota",
      "Cálculo",
      "Seção",
      "Grupo repetido",
      "Data e hora",
      "Escala",
      "Ordenação",
      "Confirmação",
      "Valor oculto",
      "Código de barras",
      "Metadados",
      "Linha",
      "Área",
      "Entidade (visita)",
    ]);
  });

  it("puts types in the spec's categories and the decided ones for the rest", () => {
    const categoryOf = (type: keyof typeof FIELD_TYPE_INFO) => FIELD_TYPE_INFO[type].category;
    for (const type of ["text", "number", "yes_no", "date", "time"] as const) expect(categoryOf(type)).toBe("basic");
    for (const type of ["single_choice", "multiple_choice"] as const) expect(categoryOf(type)).toBe("choice");
    for (const type of ["email", "phone", "url"] as const) expect(categoryOf(type)).toBe("contact");
    for (const type of ["signature", "photo", "audio", "video", "file"] as const)
      expect(categoryOf(type)).toBe("media");
    for (const type of ["gps", "line", "area"] as const) expect(categoryOf(type)).toBe("location");
  });

  it("names an icon that lucide-react exports for every type", () => {
    for (const type of FIELD_TYPES) {
      expect(Object.hasOwn(lucide, FIELD_TYPE_INFO[type].icon), `${type}: ${FIELD_TYPE_INFO[type].icon}`).toBe(true);
    }
  });

  it("shows every type exactly once in the palette, grouped by category", () => {
    const listed = FIELD_PALETTE.flatMap((group) => group.types.map((entry) => entry.type));
    expect([...listed].sort()).toEqual([...FIELD_TYPES].sort());
    for (const group of FIELD_PALETTE) {
      expect(group.types.length).toBeGreaterThan(0);
      for (const entry of group.types) expect(entry.category).toBe(group.category);
    }
    expect(FIELD_PALETTE[0]?.types.map((entry) => entry.type)).toEqual([
      "text",
      "number",
      "date",
      "time",
      "yes_no",
      "datetime",
      "range",
      "acknowledge",
    ]);
  });

  it("recognises only known type keys", () => {
    expect(isFieldType("gps")).toBe(true);
    expect(isFieldType("Texto")).toBe(false);
    expect(isFieldType("checkbox")).toBe(false);
    expect(isFieldType(3)).toBe(false);
  });

  it("offers the numeric, text and photo options of the spec with their defaults", () => {
    expect(NUMBER_FORMATS).toEqual(["decimal", "integer", "percentage", "currency"]);
    expect(DEFAULT_NUMBER_FORMAT).toBe("decimal");
    expect(TEXT_FORMATS).toEqual(["plain", "textarea"]);
    expect(DEFAULT_TEXT_FORMAT).toBe("plain");
    expect(CAPTURE_MODES).toEqual(["camera", "gallery", "both"]);
    expect(DEFAULT_CAPTURE_MODE).toBe("both");
    expect(PHOTO_MAX_SIZES_MB).toEqual([1, 2, 5, 10]);
    expect(DEFAULT_PHOTO_MAX_SIZE_MB).toBe(5);
  });
});
