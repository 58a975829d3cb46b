import { describe, expect, it } from "vitest";
import { ApiClientError, NetworkError } from "../../../lib/api-client.ts";
import { classifySaveError } from "./save-error.ts";

const apiError = (status: number, code: ConstructorParameters<typeof ApiClientError>[1]["code"], message = "boom") =>
  new ApiClientError(status, { code, message });

describe("classifySaveError", () => {
  it("sends the application limit to the plans page", () => {
    expect(classifySaveError(apiError(402, "APPLICATION_LIMIT_REACHED"), "texto")).toEqual({ kind: "limit" });
  });

  it.each([
    ["DUPLICATE_APPLICATION_NAME", 409, "saveErrors.duplicateName"],
    ["UNAUTHENTICATED", 401, "saveErrors.sessionExpired"],
    ["SESSION_EXPIRED", 401, "saveErrors.sessionExpired"],
    ["FORBIDDEN", 403, "saveErrors.forbidden"],
    ["APPLICATION_NOT_FOUND", 404, "saveErrors.notFound"],
    ["FIELD_TYPE_LOCKED", 409, "saveErrors.fieldTypeLocked"],
  ] as const)("maps %s to its catalogue text", (code, status, key) => {
    const outcome = classifySaveError(apiError(status, code), "texto");
    expect(outcome).toMatchObject({ kind: "dialog", messageKey: key });
  });

  it("names the field whose type a save tried to change, with both types", () => {
    const error = new ApiClientError(409, {
      code: "FIELD_TYPE_LOCKED",
      message: "locked",
      details: {
        fieldIds: ["f1"],
        fields: [
          { id: "f1", label: "Espécie", path: "fields.0.fieldType", storedType: "text", requestedType: "number" },
        ],
      },
    });
    expect(classifySaveError(error, "texto", (type) => `<${type}>`)).toMatchObject({
      kind: "dialog",
      messageKey: "saveErrors.fieldTypeLockedNamed",
      params: { label: "Espécie", storedType: "<text>", requestedType: "<number>" },
    });
  });

  it("puts message, details and the code in the details block", () => {
    const error = new ApiClientError(400, {
      code: "VALIDATION_FAILED",
      message: "Dados inválidos",
      details: [{ path: "name" }],
    });
    const outcome = classifySaveError(error, "Dados inválidos. Verifique os campos.");
    expect(outcome).toMatchObject({
      kind: "dialog",
      messageKey: "saveErrors.generic",
      params: { message: "Dados inválidos. Verifique os campos." },
    });
    if (outcome.kind !== "dialog") throw new Error("expected dialog");
    expect(outcome.details).toContain("Dados inválidos");
    expect(outcome.details).toContain('"path": "name"');
    expect(outcome.details).toContain("(Código: VALIDATION_FAILED)");
  });

  it("explains a network failure", () => {
    expect(classifySaveError(new NetworkError(new TypeError("Failed to fetch")), "texto")).toMatchObject({
      messageKey: "saveErrors.network",
    });
  });
});
