/**
 * Builds the server into ES modules, dist-server/main.mjs and its worker threads' files, with the packages a start
 * loads bundled in. `npm start` runs this file with plain Node: no TypeScript loader in the serving process, which
 * halves its resident memory (docs/decisions.md). Beside it, the PGlite seed a first start copies (pglite-seed.ts).
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { buildPgliteSeed } from "./pglite-seed.ts";

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, "dist-server", "main.mjs");

/**
 * Left as imports from node_modules: PGlite finds its WebAssembly and data files beside its own module; the others
 * load on first use (server/lib/*-module.ts), which most starts never see, and are large to bundle.
 */
const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "@aws-sdk/*",
  "exceljs",
  "stripe",
  "nodemailer",
  "markdown-it",
  "sanitize-html",
  "@xmldom/xmldom",
  "file-type",
  "re2js",
  // node-postgres's optional native binding, required only by `pg.native`, which Campo never reads.
  "pg-native",
];

/** esbuild's default chunk names, `[name]-[hash]` (the hash: 8 capitals and digits). */
const CHUNK_FILE = /^[\w-]+-[A-Z0-9]{8}\.mjs(\.map)?$/;

export async function buildServer(): Promise<void> {
  const outdir = path.dirname(SERVER_BUNDLE);
  // Chunks are named by their content's hash: those of earlier builds would pile up beside the new ones.
  for (const file of existsSync(outdir) ? readdirSync(outdir) : [])
    if (CHUNK_FILE.test(file)) rmSync(path.join(outdir, file));
  await build({
    // Each worker thread is its own file beside main.mjs (server/lib/module-worker.ts loads it).
    entryPoints: {
      main: path.join(PROJECT_ROOT, "server", "main.ts"),
      "pglite-worker": path.join(PROJECT_ROOT, "server", "db", "pglite-worker.ts"),
      "xlsform-book-worker": path.join(PROJECT_ROOT, "server", "services", "xlsform", "xlsform-book-worker.ts"),
    },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // The server that main.ts imports once the embedded database has started is its own file, loaded only then.
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled, the packages a start loads cost one file read each, not Node's resolution of hundreds of files in
    // node_modules: about 0.7 s of CPU off every start (docs/benchmarks.md, "Cold start, session 40").
    external: EXTERNAL_PACKAGES,
    // A bundled CommonJS package's `require` of a Node module needs a real `require` in an ES module.
    banner: {
      js: 'import { createRequire as createRequireOfBundle } from "node:module"; const require = createRequireOfBundle(import.meta.url);',
    },
    sourcemap: true,
    logLevel: "warning",
  });
  await buildPgliteSeed(outdir);
}

if (process.argv[1] === import.meta.filename) await buildServer();
