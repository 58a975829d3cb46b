import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plugin } from "vite";
import * as applications from "../shared/api/contracts/applications.ts";
import * as sync from "../shared/api/contracts/sync.ts";
import { API_CONTRACTS } from "../shared/api/contracts/index.ts";
import { webContractModule, webContracts } from "./web-contracts.ts";

const CONTRACTS = path.resolve("shared/api/contracts");

/** Evaluates a generated module as the browser would. */
async function evaluate(code: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
}

describe("the web build's contract modules", () => {
  it("keep each contract's method, path and whether it takes a JSON body, and no schema", async () => {
    const web = await evaluate(webContractModule(applications));
    expect(web.listApplications).toEqual({ operationId: "listApplications", method: "get", path: "/api/applications" });
    expect(web.createApplication).toEqual({
      operationId: "createApplication",
      method: "post",
      path: "/api/applications",
      body: true,
    });
    expect(web.getApplication).toEqual({
      operationId: "getApplication",
      method: "get",
      path: "/api/applications/:id",
    });
  });

  it("keep the file's other values and its list of contracts, the same objects as the named ones", async () => {
    const web = await evaluate(webContractModule(sync));
    expect(web.SYNC_MAX_BODY_BYTES).toBe(sync.SYNC_MAX_BODY_BYTES);
    const list = web.syncContracts as unknown[];
    expect(list).toHaveLength(sync.syncContracts.length);
    expect(list.every((contract) => Object.values(web).includes(contract))).toBe(true);
  });

  it("leave out what they cannot write, so a web import of it fails the build", () => {
    const code = webContractModule({ ...applications, someSchema: applications.listApplications.response });
    expect(code).not.toContain("someSchema");
  });

  describe("the plugin", () => {
    let cacheDir: string;
    let plugin: Plugin;
    beforeAll(async () => {
      cacheDir = mkdtempSync(path.join(os.tmpdir(), "campo-web-contracts-"));
      plugin = webContracts(cacheDir);
      await (plugin.buildStart as () => Promise<void>).call({});
    });
    afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

    const load = (file: string) => (plugin.load as (id: string) => string | null).call({}, file);

    it("answers every contract file with the plain objects of its contracts, all of the API's", async () => {
      const web = new Map<string, unknown>();
      for (const file of readdirSync(CONTRACTS).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
        const code = load(path.join(CONTRACTS, file));
        if (code === null) continue;
        for (const value of Object.values(await evaluate(code))) {
          if (typeof value === "object" && value !== null && "operationId" in value)
            web.set(String(value.operationId), value);
        }
      }
      expect(web.size).toBe(API_CONTRACTS.length);
      for (const contract of API_CONTRACTS) {
        expect(web.get(contract.operationId)).toEqual({
          operationId: contract.operationId,
          method: contract.method,
          path: contract.path,
          ...(contract.body ? { body: true } : {}),
        });
      }
    });

    it("leaves every other module to the build, the query string of an id included", () => {
      expect(load(path.resolve("shared/api/route-contract.ts"))).toBeNull();
      expect(load(path.join(CONTRACTS, "audiences.ts"))).toBeNull();
      expect(load(`${path.join(CONTRACTS, "sync.ts")}?v=1`)).toContain("/api/sync");
    });
  });
});
