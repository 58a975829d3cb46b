/**
 * Builds the server into one ES module, dist-server/main.mjs, with its packages left as imports from
 * node_modules. `npm start` runs this file with plain Node: no TypeScript loader in the serving process, which
 * halves its resident memory (docs/decisions.md).
 */
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../server/project-root.ts";

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, "dist-server", "main.mjs");

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: [path.join(PROJECT_ROOT, "server", "main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
}

if (process.argv[1] === import.meta.filename) await buildServer();
