import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The folder holding Campo's package.json. Files the server reads at run time (migrations, translation catalogs,
 * the version) are found from here, so the same code works from server/*.ts (tests, dev) and from the single
 * built file dist-server/main.mjs (`npm start`).
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
