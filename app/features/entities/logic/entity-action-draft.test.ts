import { describe, expect, it } from "vitest";
import { actionOf, draftOf } from "./entity-action-draft.ts";

const listId = "5b0c7f4e-4d5a-4b7e-9a59-0f2f5e1c8a11";

describe("the entity setup panel's draft", () => {
  it("keeps an XLSForm condition when the mappings are saved, and drops it when the kind changes", () => {
    const draft = draftOf({
      kind: "create",
      listId,
      labelField: "nome",
      saves: { altura: "altura" },
      condition: "${viva}",
    });
    expect(actionOf({ ...draft, saves: { altura: "altura", especie: "especie" } })).toEqual({
      kind: "create",
      listId,
      labelField: "nome",
      saves: { altura: "altura", especie: "especie" },
      condition: "${viva}",
    });
    expect(actionOf({ ...draft, kind: "update", entityField: "arvore" })).toEqual({
      kind: "update",
      listId,
      entityField: "arvore",
      saves: { altura: "altura" },
    });
  });
});
