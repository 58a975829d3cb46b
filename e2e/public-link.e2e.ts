import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { TestServer } from "../server/test-support/test-server.ts";
import type { HttpClient } from "../server/test-support/http-client.ts";
import {
  createApplicationVia,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../server/test-support/fixtures/application-fixtures.ts";
import { createLink } from "../server/test-support/fixtures/public-link-fixtures.ts";
import { startAppServer } from "./support/app-server.ts";
import { openInstalledApp } from "./support/field-collector.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";

/**
 * A visitor with no account answers a public link on a phone: the page opens from the link, keeps working offline
 * (reloaded too), with a choice list from a CSV attached to the form and a photo, and both answers given offline
 * reach the owner's data exactly once, the photo with its record, after the connection returns.
 */
describe("a public link on a visitor's phone", () => {
  let server: TestServer;
  let owner: HttpClient;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  let appId: string;
  let opinionId: string;
  let districtId: string;
  let photoId: string;
  let linkId: string;
  let token: string;

  beforeAll(async () => {
    server = await startAppServer({ ...TRUST_PROXY_ENV, PUBLIC_LINK_POW_BITS: "12" });
    owner = server.client();
    await signUpAs(owner, "dona@link.test");
    const created = await createApplicationVia(owner, {
      name: "Pesquisa da praça",
      description: "Conte o que acha da praça",
      visibility: "team",
      active: true,
      fields: [
        { fieldType: "text", label: "Sua opinião", position: 0, config: { required: true } },
        {
          fieldType: "single_choice",
          label: "Seu bairro",
          name: "bairro",
          position: 1,
          config: { required: true, options: [], choicesFile: "bairros.csv" },
        },
        { fieldType: "photo", label: "Foto da praça", position: 2, config: { captureMode: "both" } },
      ],
    });
    appId = created.application.id;
    const idOf = (label: string) => created.fields.find((field) => field.label === label)?.id ?? "";
    [opinionId, districtId, photoId] = [idOf("Sua opinião"), idOf("Seu bairro"), idOf("Foto da praça")];
    const attached = await owner.post(`/api/applications/${appId}/form-files`, {
      name: "bairros.csv",
      data: Buffer.from("name,label\ncentro,Centro\nvila,Vila Nova\n").toString("base64"),
    });
    expect(attached.status).toBe(201);
    ({ id: linkId, token } = await createLink(owner, appId, { name: "Cartaz da praça" }));
    profile = mkdtempSync(path.join(os.tmpdir(), "campo-visitor-"));
    ({ context, page } = await openInstalledApp(`${server.url}/f/${token}`, profile));
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  /** A small JPEG drawn in the page, as a phone's camera would give one. */
  async function photoBytes(): Promise<Buffer> {
    const bytes = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 160;
      canvas.height = 120;
      const context2d = canvas.getContext("2d");
      if (!context2d) throw new Error("no canvas");
      context2d.fillStyle = "#2a7";
      context2d.fillRect(0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
      if (!blob) throw new Error("no blob");
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    return Buffer.from(bytes);
  }

  async function answer(text: string, district: string, photo?: Buffer): Promise<void> {
    const opinion = page.getByRole("textbox", { name: /^Sua opinião/ });
    await opinion.fill(text);
    await page.getByRole("radio", { name: district, exact: true }).check();
    if (photo) {
      await page
        .locator('input[type="file"][data-capture="gallery"]')
        .setInputFiles({ name: "praca.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("img", { name: "Foto do campo Foto da praça" }).waitFor();
    }
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByRole("heading", { name: "Obrigado!" }).waitFor({ timeout: 30_000 });
  }

  it("opens without an account, works offline, and delivers two offline answers exactly once", async () => {
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();
    await page.getByRole("textbox", { name: /^Sua opinião/ }).waitFor();
    // The choices come from the attached CSV, read under the link and kept on the device.
    await page.getByRole("radio", { name: "Vila Nova", exact: true }).waitFor();
    await waitForServiceWorkerControl(page);
    const photo = await photoBytes();

    await context.setOffline(true);
    // Offline after the first open: the page and its form come from the device.
    await page.reload();
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();

    await answer("Precisa de mais sombra", "Vila Nova", photo);
    await page.getByText("Sua resposta está guardada neste aparelho").waitFor();
    await page.getByRole("button", { name: "Responder novamente" }).click();
    await answer("Bancos novos, por favor", "Centro");
    await page.getByText("2 respostas aguardando envio").waitFor();

    const stored = async () => {
      const response = await owner.get(`/api/applications/${appId}/records`);
      return ((await response.json()) as { records: { answers: Record<string, unknown> }[] }).records;
    };
    const records = async () => (await stored()).map((record) => record.answers[opinionId]).sort();
    expect(await records()).toEqual([]);

    await context.setOffline(false);
    await page.getByTestId("visitor-pending").waitFor({ state: "detached", timeout: 60_000 });
    expect(await records()).toEqual(["Bancos novos, por favor", "Precisa de mais sombra"]);
    const withPhoto = (await stored()).find((record) => record.answers[opinionId] === "Precisa de mais sombra");
    expect(withPhoto?.answers[districtId]).toBe("vila");
    const sent = withPhoto?.answers[photoId] as { attachmentId: string; contentType: string };
    expect(sent.contentType).toBe("image/jpeg");
    // The photo came with its record: on the server, readable by the owner.
    const download = await owner.get(`/api/attachments/${sent.attachmentId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");

    // Sending again (a reload runs the link's sync) stores nothing twice.
    await page.reload();
    await page.getByRole("heading", { name: "Pesquisa da praça" }).waitFor();
    const linkRecords = await owner.get(`/api/applications/${appId}/public-links/${linkId}/records`);
    expect(await linkRecords.json()).toMatchObject({ total: 2 });
    expect(await records()).toHaveLength(2);
  });
});
