import { describe, expect, it } from "vitest";
import type { DesignerField } from "./designer-fields.ts";
import { renameField } from "./field-rename.ts";
import { EXPRESSION_PROPERTIES } from "../../../../shared/forms/index.ts";

const field = (id: string, name: string, config: DesignerField["config"]): DesignerField =>
  ({ id, fieldType: "text", label: name, name, parentName: null, position: 0, config }) as DesignerField;

describe("renaming a field", () => {
  it("rewrites every expression property the form runs, filters, counts and conditions included", () => {
    const config = Object.fromEntries(EXPRESSION_PROPERTIES.map((key) => [key, "${site} != ''"]));
    const fields = [field("a", "site", {}), field("b", "title", config)];
    expect(renameField(fields, "a", "place")[1]?.config).toEqual(
      Object.fromEntries(EXPRESSION_PROPERTIES.map((key) => [key, "${place} != ''"])),
    );
  });

  it("rewrites the triggers and last-saved defaults that name it", () => {
    const fields = [
      field("a", "site", {}),
      field("b", "title", { trigger: "${site}", calculation: "${site}", defaultValue: "${last-saved#SITE}" }),
    ];
    expect(renameField(fields, "a", "place")[1]?.config).toEqual({
      trigger: "${place}",
      calculation: "${place}",
      defaultValue: "${last-saved#place}",
    });
  });
});
