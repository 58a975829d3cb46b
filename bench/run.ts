export {};

/**
 * `npm run bench -- NAME [--flags]`: each benchmark prints a readable table and ends with one JSON line of figures.
 * It runs on the PostgreSQL server of BENCH_DATABASE_URL (or DATABASE_URL) when set, else on PGlite, and says which.
 */
const benchmarks: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  sync: () => import("./sync.ts"),
  export: () => import("./export.ts"),
  odata: () => import("./odata.ts"),
  lighthouse: () => import("./lighthouse.ts"),
  form: () => import("./form.ts"),
  load: () => import("./load.ts"),
  chaos: () => import("./chaos.ts"),
  webhooks: () => import("./webhooks.ts"),
  "public-link": () => import("./public-link.ts"),
  map: () => import("./map.ts"),
  "cold-start": () => import("./cold-start.ts"),
  "offline-ready": () => import("./offline-ready.ts"),
  "installed-open": () => import("./installed-open.ts"),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? benchmarks[name] : undefined;
if (!load) {
  const known = Object.keys(benchmarks);
  console.error(
    `usage: npm run bench -- <name> [options]\nknown benchmarks: ${known.length ? known.join(", ") : "(none yet)"}`,
  );
  process.exit(name ? 1 : 0);
}
await (await load()).run(args);
