import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, publicLinks, userLimits } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  applicationForm,
  createApplicationVia,
  insertSubmission,
  signUpAs,
  textField,
  TRUST_PROXY_ENV,
  type ApplicationResponse,
} from "../../test-support/fixtures/application-fixtures.ts";
import type { PublicFormDto, PublicLinkDto } from "../../../shared/public-links/public-link-dtos.ts";
import { createLink, freshAddress, Visitor, visitorRecord } from "../../test-support/fixtures/public-link-fixtures.ts";

const PER_ADDRESS = 40;
const PER_LINK = 30;

describe("public links", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let app: ApplicationResponse;
  let fieldId: string;
  const secret = `segredo-${randomUUID().slice(0, 8)}`;

  const db = () => server.context.database.db;
  const visitor = (token: string) => new Visitor(server.client(), token, freshAddress());
  const answer = (text: string) => visitorRecord(app.application.id, { [fieldId]: text });
  const storedRows = (id: string) => db().select().from(formSubmissions).where(eq(formSubmissions.id, id));

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...TRUST_PROXY_ENV,
        PUBLIC_LINK_POW_BITS: "6",
        PUBLIC_LINK_IP_PER_MINUTE: String(PER_ADDRESS),
        PUBLIC_LINK_PER_MINUTE: String(PER_LINK),
      },
    });
    owner = server.client();
    ({ id: ownerId } = await signUpAs(owner, "dona-links@campo.test"));
    await db().insert(userLimits).values({ userId: ownerId, maxSubmissions: 1000 });
    app = await createApplicationVia(owner, applicationForm("Pesquisa pública", [textField("Opinião")]));
    fieldId = app.fields[0]!.id;
  });
  afterAll(() => server.stop());

  describe("administration", () => {
    it("creates, lists, edits, pauses, resumes and revokes a link", async () => {
      const link = await createLink(owner, app.application.id, { maxRecords: 5, oneRecordPerDevice: true });
      expect(link).toMatchObject({ status: "open", maxRecords: 5, oneRecordPerDevice: true, recordsCount: 0 });
      expect(link.token.length).toBeGreaterThanOrEqual(32);

      const base = `/api/applications/${app.application.id}/public-links`;
      const listed = (await (await owner.get(base)).json()) as { links: PublicLinkDto[] };
      expect(listed.links.map((entry) => entry.id)).toContain(link.id);

      const paused = await owner.patch(`${base}/${link.id}`, { paused: true, name: "Feira" });
      expect(await paused.json()).toMatchObject({ link: { status: "paused", name: "Feira" } });
      const resumed = await owner.patch(`${base}/${link.id}`, { paused: false });
      expect(await resumed.json()).toMatchObject({ link: { status: "open", pausedAt: null } });

      const revoked = await owner.post(`${base}/${link.id}/revoke`);
      expect(await revoked.json()).toMatchObject({ link: { status: "revoked" } });
      const edited = await owner.patch(`${base}/${link.id}`, { paused: false });
      expect(edited.status).toBe(410);
    });

    it("refuses invalid settings", async () => {
      const base = `/api/applications/${app.application.id}/public-links`;
      expect((await owner.post(base, { name: "" })).status).toBe(400);
      expect((await owner.post(base, { name: "x", maxRecords: 0 })).status).toBe(400);
      expect((await owner.post(base, { name: "x", expiresAt: "amanhã" })).status).toBe(400);
    });
  });

  describe("a visitor", () => {
    it("reads the link's form and nothing else of the owner", async () => {
      await insertSubmission(db(), {
        applicationId: app.application.id,
        ownerId,
        submitterId: ownerId,
        answers: { [fieldId]: secret },
      });
      const link = await createLink(owner, app.application.id);
      const response = await visitor(link.token).get();
      expect(response.status).toBe(200);
      const text = await response.text();
      const form = JSON.parse(text) as PublicFormDto;
      expect(form.application.name).toBe("Pesquisa pública");
      expect(form.fields.map((field) => field.id)).toEqual([fieldId]);
      expect(form.link.status).toBe("open");
      for (const hidden of [secret, ownerId, "dona-links@campo.test", link.id]) expect(text).not.toContain(hidden);
    });

    it("gets 404 for an unknown or revoked token, and the token opens no other route", async () => {
      expect((await visitor("x".repeat(32)).get()).status).toBe(404);
      const link = await createLink(owner, app.application.id);
      const stranger = visitor(link.token);
      await stranger.solve();
      await owner.post(`/api/applications/${app.application.id}/public-links/${link.id}/revoke`);
      expect((await stranger.get()).status).toBe(404);
      expect((await stranger.send([answer("depois")])).status).toBe(404);
      // No session comes with a link: the application's own routes stay closed.
      const anonymous = server.client();
      expect((await anonymous.get(`/api/applications/${app.application.id}`)).status).toBe(401);
      expect((await anonymous.get(`/api/applications/${app.application.id}/records`)).status).toBe(401);
    });

    it("cannot send a record into another application through the link", async () => {
      const other = await createApplicationVia(owner, applicationForm("Outra", [textField("Campo")]));
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const record = visitorRecord(other.application.id, { [other.fields[0]!.id]: "intruso" });
      expect(await guest.results([record])).toEqual([
        { id: record.id, status: "rejected", reason: "application_not_found" },
      ]);
      expect(await storedRows(record.id)).toEqual([]);
    });

    it("stores each record once, attributed to the link", async () => {
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const record = answer("ótimo");
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "created" }]);
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "duplicate" }]);
      const [row] = await storedRows(record.id);
      expect(row).toMatchObject({ submitterId: null, publicLinkId: link.id, publicLinkDevice: guest.deviceId });

      const page = await owner.get(`/api/applications/${app.application.id}/public-links/${link.id}/records`);
      expect(await page.json()).toMatchObject({ total: 1, records: [{ id: record.id }] });
      // The owner's data API has it like any record.
      const records = await owner.get(`/api/applications/${app.application.id}/records`);
      expect(await records.text()).toContain(record.id);
    });

    it("shows the link's name on the owner's data: list, detail, a filter and the export", async () => {
      const link = await createLink(owner, app.application.id, { name: "Cartaz da feira" });
      const guest = visitor(link.token);
      await guest.solve();
      const record = answer("pela feira");
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "created" }]);
      const base = `/api/applications/${app.application.id}`;

      const view = (await (await owner.get(`${base}/data-view`)).json()) as { publicLinks: { name: string }[] };
      expect(view.publicLinks.map((entry) => entry.name)).toContain("Cartaz da feira");
      const filtered = (await (await owner.get(`${base}/records?link=${link.id}`)).json()) as {
        records: { id: string; submitter: unknown; publicLink: unknown }[];
        total: number;
      };
      expect(filtered.total).toBe(1);
      expect(filtered.records[0]).toMatchObject({
        id: record.id,
        submitter: null,
        publicLink: { id: link.id, name: "Cartaz da feira" },
      });
      const detail = await owner.get(`${base}/records/${record.id}`);
      expect(await detail.json()).toMatchObject({ record: { publicLink: { name: "Cartaz da feira" } } });
      expect((await owner.get(`${base}/records?link=not-a-link`)).status).toBe(400);

      const csv = await (await owner.get(`${base}/export.csv?link=${link.id}`)).text();
      expect(csv).toContain("Link público: Cartaz da feira");
      expect(csv).toContain("pela feira");
    });

    it("answers a record id another author holds as a conflict, leaving the stored one as it was", async () => {
      const stored = await insertSubmission(db(), {
        applicationId: app.application.id,
        ownerId,
        submitterId: ownerId,
        answers: { [fieldId]: "da dona" },
      });
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const results = await guest.results([{ ...answer("por cima"), id: stored }]);
      expect(results).toEqual([{ id: stored, status: "conflict", reason: "payload_mismatch" }]);
      const [row] = await storedRows(stored);
      expect(row).toMatchObject({ submitterId: ownerId, publicLinkId: null, answers: { [fieldId]: "da dona" } });
    });
  });

  describe("the link's rules", () => {
    it("a paused link refuses new records until resumed; the queued record then arrives", async () => {
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      await owner.patch(`/api/applications/${app.application.id}/public-links/${link.id}`, { paused: true });
      const record = answer("na fila");
      const refused = await guest.send([record]);
      expect(refused.status).toBe(423);
      expect(await refused.text()).toContain("PUBLIC_LINK_PAUSED");
      expect(((await (await guest.get()).json()) as PublicFormDto).link.status).toBe("paused");
      await owner.patch(`/api/applications/${app.application.id}/public-links/${link.id}`, { paused: false });
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "created" }]);
    });

    it("an expired link refuses new records", async () => {
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      await db()
        .update(publicLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(publicLinks.id, link.id));
      const refused = await guest.send([answer("tarde")]);
      expect(refused.status).toBe(410);
      expect(((await (await guest.get()).json()) as PublicFormDto).link.status).toBe("expired");
    });

    it("a cap blocks records past it (kept on the device) and still acknowledges stored ones", async () => {
      const link = await createLink(owner, app.application.id, { maxRecords: 2 });
      const guest = visitor(link.token);
      await guest.solve();
      const [a, b, c] = [answer("1"), answer("2"), answer("3")];
      expect((await guest.results([a, b, c])).map((result) => result.status)).toEqual([
        "created",
        "created",
        "blocked",
      ]);
      expect(await guest.results([a, c])).toEqual([
        { id: a.id, status: "duplicate" },
        { id: c.id, status: "blocked", reason: "link_full" },
      ]);
      await owner.patch(`/api/applications/${app.application.id}/public-links/${link.id}`, { maxRecords: 3 });
      expect(await guest.results([c])).toEqual([{ id: c.id, status: "created" }]);
    });

    it("one record per device: a second from the same device is refused, another device is welcome", async () => {
      const link = await createLink(owner, app.application.id, { oneRecordPerDevice: true });
      const guest = visitor(link.token);
      await guest.solve();
      const first = answer("primeira");
      const second = answer("segunda");
      expect(await guest.results([first, second])).toEqual([
        { id: first.id, status: "created" },
        { id: second.id, status: "rejected", reason: "already_answered" },
      ]);
      const neighbour = visitor(link.token);
      await neighbour.solve();
      expect((await neighbour.results([answer("vizinha")]))[0]?.status).toBe("created");
    });

    it("counts against the owner's plan: at the limit records are blocked, not lost", async () => {
      const small = server.client();
      const { id: smallOwner } = await signUpAs(small, "pequena-links@campo.test");
      await db().insert(userLimits).values({ userId: smallOwner, maxSubmissions: 1 });
      const smallApp = await createApplicationVia(small, applicationForm("Pequena", [textField("Nome")]));
      const link = await createLink(small, smallApp.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const record = () => visitorRecord(smallApp.application.id, { [smallApp.fields[0]!.id]: "x" });
      const [first, second] = [record(), record()];
      expect(await guest.results([first, second])).toEqual([
        { id: first.id, status: "created" },
        { id: second.id, status: "blocked", reason: "limit_reached" },
      ]);
    });
  });

  describe("abuse", () => {
    it("refuses records without a solved challenge, with a wrong nonce or another link's challenge", async () => {
      const link = await createLink(owner, app.application.id);
      const other = await createLink(owner, app.application.id);
      const bot = visitor(link.token);
      const none = await bot.send([answer("bot")], null);
      expect(none.status).toBe(428);
      expect(await none.text()).toContain("PROOF_OF_WORK_REQUIRED");

      const challenge = (await (await bot.get("/challenge")).json()) as { challenge: string };
      expect((await bot.send([answer("bot")], `${challenge.challenge}.unsolved-guess`)).status).toBe(428);

      const elsewhere = visitor(other.token);
      const foreign = await elsewhere.solve();
      expect((await bot.send([answer("bot")], foreign)).status).toBe(428);
      expect(await db().select().from(formSubmissions).where(eq(formSubmissions.publicLinkId, link.id))).toEqual([]);

      // A person's browser solves it once and sends several records with the same proof.
      await bot.solve();
      expect((await bot.results([answer("pessoa 1")]))[0]?.status).toBe("created");
      expect((await bot.results([answer("pessoa 2")]))[0]?.status).toBe("created");
    });

    it("limits each address", async () => {
      const link = await createLink(owner, app.application.id);
      const flood = visitor(link.token);
      const statuses: number[] = [];
      for (let i = 0; i <= PER_ADDRESS; i++) statuses.push((await flood.get("/challenge")).status);
      expect(statuses.slice(0, PER_ADDRESS).every((status) => status === 200)).toBe(true);
      const last = await flood.get("/challenge");
      expect(last.status).toBe(429);
      expect(last.headers.get("retry-after")).toBeTruthy();
      // Another address is not held back by this one.
      expect((await visitor(link.token).get()).status).toBe(200);
    });

    it("limits each link, whatever the addresses, and bots without proof do not spend its budget", async () => {
      const link = await createLink(owner, app.application.id);
      for (let i = 0; i <= PER_LINK; i++)
        expect((await visitor(link.token).send([answer(`bot ${i}`)], null)).status).toBe(428);
      const proof = await visitor(link.token).solve();
      const statuses: number[] = [];
      for (let i = 0; i <= PER_LINK; i++)
        statuses.push((await visitor(link.token).send([answer(`v${i}`)], proof)).status);
      expect(statuses.slice(0, PER_LINK).every((status) => status === 200)).toBe(true);
      expect(statuses[PER_LINK]).toBe(429);
    });

    it("caps the body", async () => {
      const link = await createLink(owner, app.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const records = Array.from({ length: 11 }, (_, i) => answer(`r${i}`));
      expect((await guest.send(records)).status).toBe(400);
      const huge = await guest.send([answer("x".repeat(3 * 1024 * 1024))]);
      expect(huge.status).toBe(413);
    });
  });
});
