import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { createTestApiToken } from "../test-support/fixtures/api-token-fixtures.ts";
import { applicationForm, createApplicationVia, signUpAs } from "../test-support/fixtures/application-fixtures.ts";
import { API_CONTRACTS } from "../../shared/api/contracts/index.ts";
import { contractPath, type RouteContract } from "../../shared/api/route-contract.ts";

/** A value for each path parameter that names something real (the application) or at least has the right shape. */
function sampleParams(route: RouteContract, applicationId: string): Record<string, string> {
  const names = [...route.path.matchAll(/:(\w+)(?:\{([^}]+)\})?/g)];
  return Object.fromEntries(
    names.map(([, name = "", pattern]) => {
      if (name === "id") return [name, applicationId];
      if (name === "sha256") return [name, "a".repeat(64)];
      if (pattern?.startsWith("export")) return [name, "export.csv"];
      return [name, "00000000-0000-4000-8000-000000000000"];
    }),
  );
}

/**
 * The reference says which routes take an API token; this calls every GET with one and holds the server to it:
 * a route that admits tokens never answers API_TOKEN_NOT_ALLOWED, one that does not always does.
 */
describe("API token access as the reference declares it", () => {
  let server: TestServer;
  let applicationId: string;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    const client = server.client();
    const user = await signUpAs(client, "token-routes@example.com");
    applicationId = (await createApplicationVia(client, applicationForm("Rotas com token"))).application.id;
    token = (await createTestApiToken(server.context.database.db, user.id, [{ applicationId, access: "read" }])).token;
  });
  afterAll(() => server.stop());

  it("answers every GET with a token as its declaration says", async () => {
    const mismatches: string[] = [];
    for (const route of API_CONTRACTS.filter((candidate) => candidate.method === "get")) {
      const response = await fetch(`${server.url}${contractPath(route.path, sampleParams(route, applicationId))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const code = response.headers.get("content-type")?.includes("application/json")
        ? ((await response.json()) as { error?: { code?: string } }).error?.code
        : (await response.arrayBuffer(), undefined);
      const refused = code === "API_TOKEN_NOT_ALLOWED" || response.status === 401;
      const admits = route.policy === "public" || route.token;
      if (admits === refused) {
        mismatches.push(
          `${route.path}: declared ${admits ? "open" : "closed"} to tokens, answered ${response.status} ${code}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
