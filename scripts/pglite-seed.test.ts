import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { PGLITE_SEED_FOLDER } from "../server/db/pglite-seed.ts";

const outDir = mkdtempSync(path.join(os.tmpdir(), "campo-seed-build-"));
let child: ChildProcess | undefined;
afterAll(() => {
  // A process that did not end (the failure this file is about) must not outlive the run.
  child?.kill("SIGKILL");
  rmSync(outDir, { recursive: true, force: true });
});

// The build makes the seed on a clean clone (CI): a server started and stopped in the build's own process, which must
// then end by itself. Once, a job worker's fetch outlived the stop and CI waited on `npm run build` until its limit.
it("makes the seed in a process that then exits by itself", async () => {
  child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--eval",
      'import("./scripts/pglite-seed.ts").then((seed) => seed.buildPgliteSeed(process.argv[1]))',
      outDir,
    ],
    { cwd: PROJECT_ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  const running = child;
  const exitCode = await new Promise<number | null>((resolve) => running.once("exit", resolve));
  expect(exitCode).toBe(0);
  expect(existsSync(path.join(outDir, PGLITE_SEED_FOLDER, "seed-key"))).toBe(true);
  // One database folder: initdb's two templates, which every first start would copy, are gone.
  expect(readdirSync(path.join(outDir, PGLITE_SEED_FOLDER, "data", "base"))).toHaveLength(1);
}, 60_000);
