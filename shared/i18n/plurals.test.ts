import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { pluralizeZero } from "./plurals.ts";

const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");
const catalog = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Record<string, unknown>;

async function translator(language: string) {
  const i18n = createInstance();
  const namespaces = ["analytics", "collect", "designer-logic", "form-versions"];
  await i18n.init({
    lng: language,
    resources: { [language]: Object.fromEntries(namespaces.map((ns) => [ns, catalog(language, ns)])) },
    interpolation: { escapeValue: false },
  });
  pluralizeZero(i18n);
  return i18n.t.bind(i18n);
}

describe("plurals", () => {
  it("say 0 campos, 1 campo, 2 campos in pt-BR", async () => {
    const t = await translator("pt-BR");
    const counts = (key: string) => [0, 1, 2].map((count) => t(key, { count }));
    expect(counts("form-versions:history.fields")).toEqual(["0 campos", "1 campo", "2 campos"]);
    expect(counts("collect:repeat.count")).toEqual(["0 entradas", "1 entrada", "2 entradas"]);
    expect(counts("analytics:breakdowns.views")).toEqual(["0 visualizações", "1 visualização", "2 visualizações"]);
  });

  it("leave the other languages' rules alone", async () => {
    const t = await translator("en");
    expect([0, 1, 2].map((count) => t("collect:repeat.count", { count }))).toEqual([
      "0 entries",
      "1 entry",
      "2 entries",
    ]);
  });
});
