import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: migrations are applied by the server at start (PGlite has no cross-process lock).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
