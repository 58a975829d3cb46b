import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { scryptKey, testPasswordHashing } from "../test-support/test-password-hashing.ts";

/** better-auth's own parameters (@better-auth/utils/password): what production must keep. */
const PRODUCTION = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };

async function storedHash(server: TestServer, email: string): Promise<string> {
  const { rows } = await server.context.database.query(
    "select a.password from accounts a join users u on u.id = a.user_id where u.email = $1",
    [email],
  );
  return (rows[0] as { password: string }).password;
}

describe("password hashing", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("production stores better-auth's scrypt at full cost, and signs in with it", async () => {
    const server = await startTestServer({ passwordHashing: null });
    servers.push(server);
    const client = server.client();
    await client.signUp("real-cost@campo.test", "segredo-forte-1");
    const [salt, key] = (await storedHash(server, "real-cost@campo.test")).split(":");
    const expected = await scryptKey("segredo-forte-1", salt!, 64, PRODUCTION);
    expect(key).toBe(expected.toString("hex"));
    expect((await server.client().signIn("real-cost@campo.test", "segredo-forte-1")).status).toBe(200);
    expect((await server.client().signIn("real-cost@campo.test", "segredo-errado")).status).toBe(401);
  });

  it("the tests' cheaper hash keeps the same shape and refuses a wrong or malformed one", async () => {
    const hash = await testPasswordHashing.hash("segredo-forte-1");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await testPasswordHashing.verify({ hash, password: "segredo-forte-1" })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: "segredo-forte-2" })).toBe(false);
    expect(await testPasswordHashing.verify({ hash: "sem-separador", password: "segredo-forte-1" })).toBe(false);
    expect(await testPasswordHashing.hash("segredo-forte-1")).not.toBe(hash);
  });
});
