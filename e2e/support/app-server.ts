import { existsSync } from "node:fs";
import path from "node:path";
import { startTestServer, type TestServer } from "../../server/test-support/test-server.ts";

// E2E_WEB_DIST: a private build (`vite build --outDir …`) that other builds of dist/ cannot swap out mid-run.
export const dist = path.resolve(process.env.E2E_WEB_DIST ?? "dist");

/** The real server serving the built PWA (run `npm run build` first) over an empty database. */
export async function startAppServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(path.join(dist, "index.html")))
    throw new Error("dist/ is missing: run `npm run build` before the e2e tests");
  return startTestServer({ webDist: dist, env });
}
