import { describe, expect, it } from "vitest";
import { newField, type DesignerField } from "./designer-fields.ts";
import { formIssues } from "./field-issues.ts";

function field(type: DesignerField["fieldType"], name: string, config: DesignerField["config"] = {}): DesignerField {
  const made = newField(type, name);
  return { ...made, name, config: { ...made.config, ...config } };
}

describe("formIssues", () => {
  it("places the analysis' problems on the field and property that have them", () => {
    const area = field("number", "area");
    const broken = field("calculation", "dobro", { calculation: "${inexistente} * 2" });
    const hidden = field("text", "obs", { relevant: "${area} >", constraint: "string_length(.) < 5" });
    const issues = formIssues([area, broken, hidden]);
    expect(issues.get(area.id)).toBeUndefined();
    expect(issues.get(broken.id)).toEqual([
      { property: "config.calculation", key: "expressions:unknownField", params: { field: "${inexistente}" } },
    ]);
    expect(issues.get(hidden.id)?.map((issue) => [issue.property, issue.key])).toEqual([
      ["config.relevant", "expressions:syntax"],
    ]);
  });

  it("reports a cycle between calculations", () => {
    const a = field("calculation", "a", { calculation: "${b} + 1" });
    const b = field("calculation", "b", { calculation: "${a} + 1" });
    const keys = [...formIssues([a, b]).values()].flat().map((issue) => issue.key);
    expect(keys).toContain("expressions:cycle");
  });

  it("does not call a field unknown while its own config is incomplete, and still checks an incomplete field's logic", () => {
    const colour = field("single_choice", "cor", { options: [] });
    const shown = field("text", "detalhe", { relevant: "${cor} = 'Azul'" });
    const unnamed = { ...field("number", "idade", { constraint: "${nada} > 1" }), label: " " };
    const issues = formIssues([colour, shown, unnamed]);
    expect(issues.get(colour.id)?.map((issue) => issue.key)).toEqual(["fields:optionsRequired"]);
    expect(issues.get(shown.id)).toBeUndefined();
    expect(issues.get(unnamed.id)?.map((issue) => issue.key)).toEqual([
      "fields:labelRequired",
      "expressions:unknownField",
    ]);
  });
});
