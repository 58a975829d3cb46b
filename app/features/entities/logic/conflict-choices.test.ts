import { describe, expect, it } from "vitest";
import type { EntityDetailDto, EntityVersionDto } from "../../../../shared/entities/entity-dtos.ts";
import { conflictChoices } from "./conflict-choices.ts";

function version(partial: Partial<EntityVersionDto> & Pick<EntityVersionDto, "version" | "changes">): EntityVersionDto {
  return {
    baseVersion: partial.version - 1,
    source: "record",
    recordId: null,
    applicationId: null,
    label: "Pau-brasil",
    properties: {},
    conflict: false,
    createdAt: "2026-11-27T10:00:00.000Z",
    ...partial,
  };
}

describe("conflictChoices", () => {
  it("offers the current value and what each concurrent change set, once each", () => {
    const detail: EntityDetailDto = {
      entity: {
        id: "e",
        label: "Pau-brasil",
        properties: { altura: 3.2, saude: "boa" },
        latitude: null,
        longitude: null,
        version: 3,
        conflict: true,
        updatedAt: "2026-11-27T10:00:00.000Z",
      },
      history: [
        version({ version: 1, baseVersion: null, changes: { altura: 3 } }),
        version({ version: 2, baseVersion: 1, changes: { altura: 3.2, saude: "seca" } }),
        version({ version: 3, baseVersion: 1, changes: { saude: "boa" }, conflict: true }),
      ],
    };
    expect(Object.fromEntries(conflictChoices(detail))).toEqual({ altura: [3.2], saude: ["boa", "seca"] });
  });
});
