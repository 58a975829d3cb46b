/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the built web app, once at build
 * time, so the server sends the smallest encoding the browser accepts without compressing on every request
 * (server/static-web.ts). Files under 1 KB are left alone: their headers would outweigh the saving.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { PROJECT_ROOT } from "../server/project-root.ts";

// WebAssembly too: the barcode reader's 1.1 MB module is a third of its size in brotli, and every phone's first visit
// precaches it.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      written += 1;
    }),
  );
  return written;
}

if (process.argv[1] === import.meta.filename) {
  const dir = path.resolve(process.argv[2] ?? path.join(PROJECT_ROOT, "dist"));
  console.log(
    `precompressed ${await precompress(dir)} files in ${path.relative(process.cwd(), dir) || "."} (.br, .gz)`,
  );
}
