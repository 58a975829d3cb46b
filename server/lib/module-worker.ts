import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread running the module `name` beside the caller (`callerUrl` is its `import.meta.url`): the built
 * `name.mjs` beside the server's bundle (dist-server/, where scripts/build-server.ts writes each worker as its own
 * entry), or the source `name.ts` through the TypeScript loader (tests, `npm run dev`, benchmarks from source),
 * registered inside the worker: a loader given as the worker's execArgv does not reach it under the test runner.
 */
export function moduleWorker(callerUrl: string, name: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.mjs`, callerUrl), options);
  // tsx's ES-module API (its package maps "tsx/esm/api" to index.cjs for require, index.mjs for import).
  const tsx = pathToFileURL(
    createRequire(callerUrl)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const source = new URL(`./${name}.ts`, callerUrl).href;
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options);
}
