import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, type RunningServer, type StartOptions } from "../server.ts";
import type { Mailer } from "../services/mailer.ts";
import { HttpClient } from "./http-client.ts";
import { createMigratedTestDatabase } from "./database-template.ts";
import { testPasswordHashing } from "./test-password-hashing.ts";
import type { PasswordHashing } from "../auth/password-hashing.ts";

export interface TestServer extends RunningServer {
  /** A new cookie-keeping client, like one browser. */
  client(): HttpClient;
  stop(): Promise<void>;
}

/** A real Campo server on a free port over a database of its own, migrated, for API tests over real HTTP. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    webDist?: string;
    onListening?: StartOptions["onListening"];
    /** null: production's own (better-auth's scrypt); a cheaper one by default. */
    passwordHashing?: PasswordHashing | null;
  } = {},
): Promise<TestServer> {
  const database = await createMigratedTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "campo-test-"));
  const removeData = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const server = await startServer({
    env: {
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      WEB_DIST: options.webDist ?? path.join(dataDir, "no-web"),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
      CHECK_RESPONSES: "1",
      ...options.env,
    },
    mailer: options.mailer,
    onListening: options.onListening,
    memorySeed: database.memorySeed,
    passwordHashing: options.passwordHashing === null ? undefined : (options.passwordHashing ?? testPasswordHashing),
  }).catch(async (error: unknown) => {
    await removeData();
    throw error;
  });
  return {
    ...server,
    client: () => new HttpClient(server.url),
    stop: async () => {
      await server.close();
      await removeData();
    },
  };
}
