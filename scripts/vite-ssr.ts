import { createServer, type ViteDevServer } from "vite";
import { PROJECT_ROOT } from "../server/project-root.ts";

/**
 * Runs `work` with Vite's SSR loader over the app's sources (no config file, no watcher): the build steps that read
 * the app's own modules in Node (the landing's prerender, the route table for the per-route preloads) share it.
 */
export async function withViteSsr<T>(work: (vite: ViteDevServer) => Promise<T>): Promise<T> {
  const vite = await createServer({
    root: PROJECT_ROOT,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    return await work(vite);
  } finally {
    await vite.close();
  }
}
