import { readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./project-root.ts";

const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
export const APP_VERSION: string = pkg.version;
