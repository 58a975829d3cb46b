/** The invite e-mails an attacker could aim at one address, or send in bulk (issue 29): budgets, 429, Retry-After. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/index.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import {
  applicationForm,
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { SUPER_ADMIN_EMAIL } from "../../test-support/fixtures/admin-fixtures.ts";
import { INVITE_RESEND_LIMITS, INVITE_SENDER_LIMITS } from "../../services/team/invite-rate-limits.ts";
import { errorOf, invite } from "../../test-support/fixtures/team-fixtures.ts";

describe("invites: resend and sending budgets", () => {
  let server: TestServer;

  beforeAll(async () => {
    // A super admin's plan has no seat limit: only the e-mail budgets can stop these senders.
    server = await startTestServer({ env: { ...TRUST_PROXY_ENV, SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL } });
  });
  afterAll(() => server.stop());

  const outboxCount = async (to: string) => {
    const [row] = await server.context.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "invite")));
    return row?.count ?? 0;
  };

  async function ownerWithApp(email: string): Promise<{ client: HttpClient; applicationId: string }> {
    const client = server.client();
    await signUpAs(client, email);
    return { client, applicationId: (await createApplicationVia(client, applicationForm("Alvo"))).application.id };
  }

  it("a burst of 25 resends to one address sends one e-mail a minute: 429 with Retry-After for the rest", async () => {
    const { client, applicationId } = await ownerWithApp("burst-owner@campo.test");
    const target = "victim@example.com";
    let current = (
      await invite(client, { name: "Vítima", email: target, grants: [{ applicationId, role: "collaborator" }] })
    ).invite.id;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const response = await client.post(`/api/team/invites/${current}/resend`);
      statuses.push(response.status);
      if (response.status === 201) current = ((await response.json()) as { invite: { id: string } }).invite.id;
      else {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        const error = await errorOf(response);
        expect(error).toMatchObject({ status: 429, code: "INVITE_RATE_LIMITED" });
      }
    }
    const perMinute = INVITE_RESEND_LIMITS[0]!.max;
    expect(statuses.filter((status) => status === 201)).toHaveLength(perMinute);
    expect(statuses.slice(perMinute).every((status) => status === 429)).toBe(true);
    // The invite plus the allowed resends, whatever the burst.
    expect(await outboxCount(target)).toBe(1 + perMinute);
  });

  it("one sender's invites stop at the hourly budget, to any addresses", async () => {
    const { client, applicationId } = await ownerWithApp(SUPER_ADMIN_EMAIL);
    const hourly = INVITE_SENDER_LIMITS[0]!.max;
    const grants = [{ applicationId, role: "collaborator" as const }];
    for (let i = 0; i < hourly; i++) await invite(client, { name: `P${i}`, email: `bulk-${i}@example.com`, grants });
    const refused = await client.post("/api/team/invites", { name: "Demais", email: "bulk-over@example.com", grants });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: "INVITE_RATE_LIMITED" });
    expect(await outboxCount("bulk-over@example.com")).toBe(0);
  });
});
