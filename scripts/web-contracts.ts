import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import type { RouteContract, WebContract } from "../shared/api/route-contract.ts";

const CONTRACTS_DIR = path.resolve(import.meta.dirname, "../shared/api/contracts");

function isContract(value: unknown): value is RouteContract {
  return typeof value === "object" && value !== null && "operationId" in value && "path" in value;
}

function webContract({ operationId, method, path: route, body }: RouteContract): WebContract {
  return { operationId, method, path: route, ...(body ? { body: true } : {}) };
}

/**
 * The module the web build gets in place of a contract file: each contract as the plain object the client reads, and
 * the file's other exports (body caps, the lists of its contracts) as they are. An export it cannot write (a
 * function, a schema) is left out, so a web import of it fails the build instead of shipping the schema.
 */
export function webContractModule(exports: Record<string, unknown>): string {
  const names = new Map<unknown, string>();
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (!isContract(value)) continue;
    names.set(value, name);
    lines.push(`export const ${name} = ${JSON.stringify(webContract(value))};`);
  }
  for (const [name, value] of Object.entries(exports)) {
    if (isContract(value)) continue;
    if (Array.isArray(value) && value.every((item) => names.has(item))) {
      lines.push(`export const ${name} = [${value.map((item) => names.get(item)).join(", ")}];`);
    } else if (["string", "number", "boolean"].includes(typeof value)) {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The route contracts hold zod schemas for the server (validation, responses, OpenAPI), but the web client calls a
 * route by its method and path only (forms import their body schemas themselves). Imported as written, every
 * contract a page touched built its request and response schemas while the app started: about 100 ms of a first
 * open on a desktop, several times that on a low-end phone, and the schemas' code in the entry. The web build gets
 * each contract file as the plain objects above, read from the real contracts when the build starts.
 */
export function webContracts(cacheDir: string): Plugin {
  const modules = new Map<string, string>();
  return {
    name: "campo-web-contracts",
    apply: "build",
    async buildStart() {
      const files = readdirSync(CONTRACTS_DIR).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
      // One import of every file at once: a module runner costs about a second to start.
      mkdirSync(cacheDir, { recursive: true });
      const entry = path.join(cacheDir, "web-contracts-entry.ts");
      writeFileSync(
        entry,
        files
          .map((file, index) => `export * as m${index} from ${JSON.stringify(path.join(CONTRACTS_DIR, file))};`)
          .join("\n"),
      );
      const { module } = await runnerImport<Record<string, Record<string, unknown>>>(entry, {
        configFile: false,
        logLevel: "error",
      });
      files.forEach((file, index) => {
        const exports = module[`m${index}`] ?? {};
        if (Object.values(exports).some(isContract)) {
          modules.set(path.join(CONTRACTS_DIR, file), webContractModule(exports));
        }
      });
    },
    load(id) {
      return modules.get(id.split("?")[0] ?? id) ?? null;
    },
  };
}
