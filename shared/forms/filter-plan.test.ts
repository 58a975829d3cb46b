import { describe, expect, it } from "vitest";
import {
  evaluateExpression,
  isTruthy,
  parseExpression,
  type EvaluationScope,
  type Expression,
  type ExpressionValue,
} from "../expressions/index.ts";
import { runFilterPlan, type OptionProperties } from "./filter-plan.ts";

function parsed(source: string): Expression {
  const result = parseExpression(source, { optionProperties: true });
  if (!result.ok) throw new Error(source);
  return result.expression;
}

function scopeOf(values: Record<string, ExpressionValue>): EvaluationScope {
  return { field: (name) => values[name.toLowerCase()] ?? null, now: new Date("2026-05-01T12:00:00Z") };
}

/** The filter's meaning as the spec states it: evaluated once per option, its bare words reading that option. */
function perOption(
  options: readonly string[],
  properties: OptionProperties,
  filter: Expression,
  scope: EvaluationScope,
) {
  return options.filter((option) => {
    const read = (name: string) => {
      if (name.toLowerCase() === "name") return option;
      const found = Object.entries(properties[option] ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
      return found ? found[1] : null;
    };
    return isTruthy(evaluateExpression(filter, { ...scope, option: read }));
  });
}

const OPTIONS = ["Campinas", "Santos", "Niterói", "Petrópolis", "Recife", "Sem estado"];
const PROPERTIES: OptionProperties = {
  Campinas: { uf: "SP", region: "3", UF: "ignored" },
  Santos: { uf: "SP", region: "03" },
  Niterói: { uf: "RJ", region: "2" },
  Petrópolis: { uf: "RJ", region: "2.0" },
  Recife: { Uf: "PE", region: "1" },
  "Sem estado": { region: "" },
};

describe("a choice filter's plan", () => {
  it("keeps exactly the options that evaluating the filter per option keeps, in order", () => {
    const filters = [
      "uf = ${estado}",
      "${estado} = UF",
      "region = ${regiao}",
      "uf = ${estado} and name != 'Santos'",
      "uf = ${estado} or region > 2",
      "uf = ''",
      "not(uf = ${estado})",
      "region = ${regiao} + 1",
      "name = ${cidade}",
    ];
    const scopes = [
      { estado: "SP", regiao: 3, cidade: "Recife" },
      { estado: "rj", regiao: "2", cidade: "Santos" },
      { estado: null, regiao: 1, cidade: null },
      { estado: "PE", regiao: "", cidade: "Niterói" },
    ];
    for (const source of filters) {
      const filter = parsed(source);
      for (const values of scopes) {
        const scope = scopeOf(values);
        expect(runFilterPlan(OPTIONS, PROPERTIES, filter, scope), `${source} ${JSON.stringify(values)}`).toEqual(
          perOption(OPTIONS, PROPERTIES, filter, scope),
        );
      }
    }
  });

  it("follows the values it reads between runs: a changed field, a changed list, a new day", () => {
    const filter = parsed("uf = ${estado}");
    expect(runFilterPlan(OPTIONS, PROPERTIES, filter, scopeOf({ estado: "SP" }))).toEqual(["Campinas", "Santos"]);
    expect(runFilterPlan(OPTIONS, PROPERTIES, filter, scopeOf({ estado: "RJ" }))).toEqual(["Niterói", "Petrópolis"]);
    const fewer = OPTIONS.slice(1);
    expect(runFilterPlan(fewer, PROPERTIES, filter, scopeOf({ estado: "SP" }))).toEqual(["Santos"]);
    const returned = runFilterPlan(fewer, PROPERTIES, filter, scopeOf({ estado: "SP" }));
    returned.push("changed by a caller");
    expect(runFilterPlan(fewer, PROPERTIES, filter, scopeOf({ estado: "SP" }))).toEqual(["Santos"]);

    const dated = parsed("region = ${regiao} and today() > '2026-06-01'");
    const at = (iso: string): EvaluationScope => ({ ...scopeOf({ regiao: 2 }), now: new Date(iso) });
    expect(runFilterPlan(OPTIONS, PROPERTIES, dated, at("2026-05-01T12:00:00Z"))).toEqual([]);
    expect(runFilterPlan(OPTIONS, PROPERTIES, dated, at("2026-07-01T12:00:00Z"))).toEqual(["Niterói", "Petrópolis"]);
  });

  it("filters a 10,000-option list evaluating its filter once per distinct property value", () => {
    const options = Array.from({ length: 10_000 }, (_, index) => `Cidade ${index}`);
    const properties = Object.fromEntries(options.map((option, index) => [option, { region: String(index % 100) }]));
    let reads = 0;
    const filter = parsed("region - ${regiao} = 1");
    const scope: EvaluationScope = {
      ...scopeOf({}),
      field: () => {
        reads += 1;
        return 41;
      },
    };
    const offered = runFilterPlan(options, properties, filter, scope);
    expect(offered).toHaveLength(100);
    expect(offered[0]).toBe("Cidade 42");
    // One evaluation per region (100, not 10,000), plus the read of the values the result is kept with.
    expect(reads).toBe(100 + 1);
    runFilterPlan(options, properties, filter, scope);
    expect(reads).toBe(100 + 2);
  });
});

describe("an option under several parents", () => {
  it("is offered when any of its sets of properties passes, once", () => {
    const options = ["King", "Pierce", "Cameron"];
    const properties: OptionProperties = {
      King: [{ state: "Washington" }, { state: "Texas" }],
      Pierce: { state: "Washington" },
      Cameron: { state: "Texas" },
    };
    for (const source of ["state = ${state}", "${state} = state", "state = ${state} and name != 'Pierce'"]) {
      const filter = parsed(source);
      expect(runFilterPlan(options, properties, filter, scopeOf({ state: "Texas" })), source).toEqual([
        "King",
        "Cameron",
      ]);
      expect(runFilterPlan(options, properties, filter, scopeOf({ state: "Washington" })), source).toEqual(
        source.includes("Pierce") ? ["King"] : ["King", "Pierce"],
      );
      expect(runFilterPlan(options, properties, filter, scopeOf({ state: "Ohio" })), source).toEqual([]);
    }
  });
});
