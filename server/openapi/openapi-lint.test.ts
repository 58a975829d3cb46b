import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../project-root.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

const run = promisify(execFile);
const REDOCLY = path.join(PROJECT_ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer?: string }[];
}

/** Independent clients run a standard linter on the document: it must find no error with its recommended rules. */
describe("the OpenAPI document under @redocly/cli lint (recommended rules)", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "campo-openapi-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("has no error", async () => {
    const file = path.join(folder, "openapi.json");
    await writeFile(file, JSON.stringify(buildOpenApiDocument(API_CONTRACTS)));
    // The linter exits 1 when it finds an error; its JSON report on stdout says which.
    const { stdout } = await run(
      process.execPath,
      [REDOCLY, "lint", file, "--extends", "recommended", "--format", "json"],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? "" }));
    const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
    const errors = problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? "?"}: ${problem.message}`);
    expect(errors).toEqual([]);
  });
});
