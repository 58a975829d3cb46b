import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentLinks, attachments, formSubmissions, userLimits } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import {
  createApplicationVia,
  signUpAs,
  subscribe,
  TRUST_PROXY_ENV,
} from "../../test-support/fixtures/application-fixtures.ts";
import { pngBytes, upload as memberUpload } from "../../test-support/fixtures/sync-fixtures.ts";
import type { FormFilesDto } from "../../../shared/form-files/form-files.ts";
import type { FormTableData } from "../../../shared/expressions/index.ts";
import { createLink, freshAddress, Visitor, visitorRecord } from "../../test-support/fixtures/public-link-fixtures.ts";

const PER_LINK = 12;
const STATES = "name,label\nsp,São Paulo\nmg,Minas Gerais\n";

interface Uploaded {
  attachmentId: string;
  sha256: string;
  contentType: string;
  bytes: number;
}

/**
 * A visitor's media and the form's attached files through a public link: uploads held by the link and usable only by
 * its records, counted against the owner's storage, capped like a member's; files served for the link's form only.
 */
describe("public link media and form files", () => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let appId: string;
  const ids = { name: "", photo: "", document: "", state: "" };

  const db = () => server.context.database.db;
  const visitor = (token: string) => new Visitor(server.client(), token, freshAddress());

  async function uploaded(guest: Visitor, bytes: Uint8Array, target: { fieldId?: string; name?: string } = {}) {
    const response = await guest.upload(bytes, target);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Uploaded;
  }

  function withPhoto(photo: Uploaded, extra: Record<string, unknown> = {}) {
    return visitorRecord(appId, { [ids.name]: "Ana", [ids.photo]: photo, ...extra });
  }

  beforeAll(async () => {
    server = await startTestServer({
      env: { ...TRUST_PROXY_ENV, PUBLIC_LINK_POW_BITS: "4", PUBLIC_LINK_PER_MINUTE: String(PER_LINK) },
    });
    owner = server.client();
    ({ id: ownerId } = await signUpAs(owner, "dona-midia-link@campo.test"));
    await subscribe(db(), ownerId, "premium");
    const created = await createApplicationVia(owner, {
      name: "Denúncias do bairro",
      visibility: "team",
      active: true,
      fields: [
        { fieldType: "text", label: "Nome", name: "nome", position: 0, config: { required: true } },
        { fieldType: "photo", label: "Foto", name: "foto", position: 1, config: {} },
        { fieldType: "file", label: "Documento", name: "doc", position: 2, config: { accept: [".pdf"], maxSize: 1 } },
        {
          fieldType: "single_choice",
          label: "Estado",
          name: "estado",
          position: 3,
          config: { options: [], choicesFile: "states.csv" },
        },
      ],
    });
    appId = created.application.id;
    const byName = new Map(created.fields.map((field) => [field.name, field.id]));
    ids.name = byName.get("nome") ?? "";
    ids.photo = byName.get("foto") ?? "";
    ids.document = byName.get("doc") ?? "";
    ids.state = byName.get("estado") ?? "";
    const attached = await owner.post(`/api/applications/${appId}/form-files`, {
      name: "states.csv",
      data: Buffer.from(STATES).toString("base64"),
    });
    expect(attached.status, await attached.clone().text()).toBe(201);
  });
  afterAll(() => server.stop());

  describe("media", () => {
    it("stores a visitor's photo once, links it to the record and lets only the owner's side read it", async () => {
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      await guest.solve();
      const photo = await uploaded(guest, pngBytes("visitante"), { fieldId: ids.photo });
      // The same bytes again (a retry) answer the same upload.
      const again = await guest.upload(pngBytes("visitante"), { fieldId: ids.photo });
      expect(again.status).toBe(200);
      expect(((await again.json()) as Uploaded).attachmentId).toBe(photo.attachmentId);

      const record = withPhoto(photo, { [ids.state]: "mg" });
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "created" }]);
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "duplicate" }]);

      const [row] = await db().select().from(attachments).where(eq(attachments.id, photo.attachmentId));
      expect(row).toMatchObject({ uploaderId: null, publicLinkId: link.id });
      const links = await db().select().from(attachmentLinks).where(eq(attachmentLinks.submissionId, record.id));
      expect(links).toEqual([
        { attachmentId: photo.attachmentId, submissionId: record.id, fieldId: ids.photo, ownerId },
      ]);
      // The owner reads it like any record's photo; the token opens no attachment route.
      expect((await owner.get(`/api/attachments/${photo.attachmentId}`)).status).toBe(200);
      expect((await server.client().get(`/api/attachments/${photo.attachmentId}`)).status).toBe(401);
    });

    it("a record may use only uploads that came through its own link", async () => {
      const link = await createLink(owner, appId);
      const other = await createLink(owner, appId);
      const guest = visitor(link.token);
      const elsewhere = visitor(other.token);
      await guest.solve();
      await elsewhere.solve();
      const foreign = await uploaded(elsewhere, pngBytes("outro link"), { fieldId: ids.photo });
      const members = await memberUpload(owner, pngBytes("da dona"));
      for (const photo of [foreign, { ...members, bytes: pngBytes("da dona").byteLength }]) {
        const record = withPhoto(photo);
        const [result] = await guest.results([record]);
        expect(result).toMatchObject({ status: "rejected", errors: { [ids.photo]: { key: "invalidAttachment" } } });
        expect(await db().select().from(formSubmissions).where(eq(formSubmissions.id, record.id))).toEqual([]);
      }
    });

    it("applies the question's caps and types, and only images without a question", async () => {
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      await guest.solve();
      const html = new TextEncoder().encode("<script>alert(1)</script>");
      const refused = await guest.upload(html);
      expect(refused.status).toBe(415);
      expect(await refused.text()).toContain("UNSUPPORTED_MEDIA_TYPE");
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2 * 1024 * 1024, 32)]);
      const tooBig = await guest.upload(pdf, { fieldId: ids.document, name: "laudo.pdf" });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toMatchObject({ error: { code: "FILE_TOO_LARGE", details: { fieldError: {} } } });
      const wrongSha = await server.client().request(`/api/public/links/${link.token}/attachments/${"0".repeat(64)}`, {
        method: "PUT",
        body: new Uint8Array(pngBytes("x")),
        headers: { "x-forwarded-for": guest.address, "x-campo-proof": await guest.solve() },
      });
      expect(wrongSha.status).toBe(400);
      expect(await db().select().from(attachments).where(eq(attachments.publicLinkId, link.id))).toEqual([]);
    });

    it("needs the proof of work, and a paused or revoked link takes no upload", async () => {
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      expect((await guest.upload(pngBytes("sem prova"), {}, null)).status).toBe(428);
      await guest.solve();
      const base = `/api/applications/${appId}/public-links/${link.id}`;
      await owner.patch(base, { paused: true });
      const paused = await guest.upload(pngBytes("pausado"));
      expect(paused.status).toBe(423);
      expect(await paused.text()).toContain("PUBLIC_LINK_PAUSED");
      await owner.post(`${base}/revoke`);
      expect((await guest.upload(pngBytes("revogado"))).status).toBe(404);
      expect(await db().select().from(attachments).where(eq(attachments.publicLinkId, link.id))).toEqual([]);
    });

    it("counts against the owner's storage: a full plan refuses the upload with 402", async () => {
      const small = server.client();
      const { id: smallOwner } = await signUpAs(small, "sem-espaco-link@campo.test");
      await db().insert(userLimits).values({ userId: smallOwner, storageLimitGb: 0 });
      const smallApp = await createApplicationVia(small, {
        name: "Sem espaço",
        visibility: "team",
        active: true,
        fields: [{ fieldType: "photo", label: "Foto", position: 0, config: {} }],
      });
      const link = await createLink(small, smallApp.application.id);
      const guest = visitor(link.token);
      await guest.solve();
      const refused = await guest.upload(pngBytes("cheio"));
      expect(refused.status).toBe(402);
      expect(await refused.text()).toContain("STORAGE_LIMIT_REACHED");
    });

    it("limits uploads per link, apart from records", async () => {
      const link = await createLink(owner, appId);
      const proof = await visitor(link.token).solve();
      const statuses: number[] = [];
      for (let i = 0; i <= PER_LINK; i++)
        statuses.push((await visitor(link.token).upload(pngBytes(`${i}`), {}, proof)).status);
      expect(statuses.slice(0, PER_LINK)).not.toContain(429);
      expect(statuses[PER_LINK]).toBe(429);
      // Records through the same link still have their own budget.
      const guest = visitor(link.token);
      await guest.solve();
      const record = visitorRecord(appId, { [ids.name]: "só texto" });
      expect(await guest.results([record])).toEqual([{ id: record.id, status: "created" }]);
    });
  });

  describe("form files", () => {
    it("lists and serves the current form's files under the token", async () => {
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      const listed = await guest.get("/form-files");
      expect(listed.status).toBe(200);
      const { files } = (await listed.json()) as FormFilesDto;
      expect(files.map((file) => file.name)).toEqual(["states.csv"]);
      const fileId = files[0]!.id;
      const table = await guest.get(`/form-files/${fileId}/table`);
      expect(table.status).toBe(200);
      expect(((await table.json()) as FormTableData).rows).toHaveLength(2);
      const raw = await guest.get(`/form-files/${fileId}`);
      expect(raw.status).toBe(200);
      expect(await raw.text()).toBe(STATES);
    });

    it("serves no file of another application, an unknown id or a revoked link", async () => {
      const otherApp = await createApplicationVia(owner, {
        name: "Outra",
        visibility: "team",
        active: true,
        fields: [{ fieldType: "text", label: "Campo", position: 0, config: {} }],
      });
      const secret = await owner.post(`/api/applications/${otherApp.application.id}/form-files`, {
        name: "segredo.csv",
        data: Buffer.from("name,label\na,A\n").toString("base64"),
      });
      const secretId = ((await secret.json()) as { id: string }).id;
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      expect((await guest.get(`/form-files/${secretId}`)).status).toBe(404);
      expect((await guest.get(`/form-files/${secretId}/table`)).status).toBe(404);
      expect((await guest.get(`/form-files/not-a-uuid`)).status).toBe(404);
      await owner.post(`/api/applications/${appId}/public-links/${link.id}/revoke`);
      expect((await guest.get("/form-files")).status).toBe(404);
    });

    it("checks a visitor's choice against the attached file", async () => {
      const link = await createLink(owner, appId);
      const guest = visitor(link.token);
      await guest.solve();
      const bad = visitorRecord(appId, { [ids.name]: "Bia", [ids.state]: "xx" });
      const [result] = await guest.results([bad]);
      expect(result).toMatchObject({ status: "rejected", reason: "invalid_answers" });
    });
  });
});
