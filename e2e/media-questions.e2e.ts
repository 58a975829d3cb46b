import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { INSTALLED_PHONE } from "./support/field-collector.ts";
import { mp4Bytes } from "../server/test-support/media-bytes.ts";
import { attachmentLinks, attachments } from "../server/db/schema/index.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** The installed phone with Chromium's fake microphone (a beep), its permission prompt answered yes. */
const PHONE_WITH_MICROPHONE = {
  ...INSTALLED_PHONE,
  permissions: ["geolocation", "microphone"],
  args: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
};

const FIELDS = [
  { fieldType: "text", label: "Entrevistado", name: "entrevistado", position: 0, config: { required: true } },
  {
    fieldType: "audio",
    label: "Depoimento",
    name: "depoimento",
    position: 1,
    config: { required: true, maxSize: 5, maxDuration: 60 },
  },
  {
    fieldType: "file",
    label: "Termo assinado",
    name: "termo",
    position: 2,
    config: { required: true, maxSize: 2, accept: [".pdf"] },
  },
  { fieldType: "video", label: "Vídeo do local", name: "local", position: 3, config: { captureMode: "gallery" } },
];

/** A one-page PDF small enough to read: its magic bytes are what the server looks at. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe("audio and file questions collected offline on an installed phone (issue 24)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@entrevistas.test",
    collectorEmail: "coletor@entrevistas.test",
    form: { name: "Entrevistas de campo", description: "Depoimentos gravados", fields: FIELDS },
    device: PHONE_WITH_MICROPHONE,
  });
  const { field, storedRecords, openCollectScreen } = journey;

  it("records audio and picks a file offline, syncs them once, and plays and serves them in the record detail", async () => {
    const { server, appId, context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    await page.getByRole("textbox", { name: /^Entrevistado/ }).fill("Dona Maria");

    // The limits are shown before anything is recorded or picked.
    await page.getByText("Até 5 MB · até 1 minuto").waitFor();
    await page.getByText("Até 2 MB · .pdf").waitFor();

    await page.getByRole("button", { name: "Gravar áudio" }).click();
    await page.getByText(/^Gravando 0:01 de 1:00$/).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Parar gravação" }).click();
    const playback = page.getByLabel("Áudio do campo Depoimento");
    await playback.waitFor();
    await page.getByRole("button", { name: "Gravar de novo" }).waitFor();

    // A file outside the accept list is refused on the phone with the accepted types named.
    const picker = page.locator('input[type="file"][aria-label="Escolher arquivo"]');
    await picker.setInputFiles({ name: "termo.html", mimeType: "text/html", buffer: Buffer.from("<p>oi</p>") });
    await page.getByText("Tipo de arquivo não aceito. Aceitos: .pdf").waitFor();
    await picker.setInputFiles({ name: "termo.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByTestId("picked-file").getByText("termo.pdf").waitFor();
    await page
      .locator('input[type="file"][data-capture="gallery"]')
      .setInputFiles({ name: "local.mp4", mimeType: "video/mp4", buffer: mp4Bytes() });
    await page.getByLabel("Vídeo do campo Vídeo do local").waitFor();

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    await page.getByTestId("sync-status").getByText("1 registro(s) pendente(s)").waitFor();
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const rows = await storedRecords();
    expect(rows).toHaveLength(1);
    const record = rows[0];
    if (!record) throw new Error("no record");
    const audio = record.answers[field("depoimento")] as { attachmentId: string; contentType: string; bytes: number };
    const file = record.answers[field("termo")] as { attachmentId: string; fileName: string; bytes: number };
    // Chromium records Opus in WebM; the server names the container by its bytes.
    expect(audio).toMatchObject({ contentType: "video/webm" });
    expect(audio.bytes).toBeGreaterThan(0);
    expect(file).toMatchObject({ contentType: "application/pdf", fileName: "termo.pdf", bytes: PDF.length });
    expect(record.answers[field("local")]).toMatchObject({ contentType: "video/mp4", bytes: mp4Bytes().length });

    // Synced once: one upload per file, each linked once, and a later sync sends nothing more.
    const db = server.context.database.db;
    const links = await db.select().from(attachmentLinks).where(eq(attachmentLinks.submissionId, record.id));
    expect(links).toHaveLength(3);
    expect(links.map((link) => link.attachmentId)).toEqual(
      expect.arrayContaining([audio.attachmentId, file.attachmentId]),
    );
    const stored = await db.select().from(attachments);
    expect(stored.filter((row) => row.id === audio.attachmentId)).toHaveLength(1);
    await page.reload();
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor();
    expect(await storedRecords()).toHaveLength(1);

    // The record detail: a player for the recording, a download link with the file's name and size.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${record.id}"]`).click();
    const detail = page.getByTestId("record-detail");
    await detail.waitFor();
    const player = detail.locator("audio[aria-label='Depoimento']");
    await player.waitFor();
    await detail.locator("video[aria-label='Vídeo do local']").waitFor();
    const source = await player.getAttribute("src");
    const download = detail.getByRole("link", { name: /termo\.pdf/ });
    expect(await download.textContent()).toMatch(/termo\.pdf.*KB/);
    expect(await download.getAttribute("download")).toBe("termo.pdf");

    // The bytes the phone recorded and picked are what the server serves: the recording inline, the PDF as a download.
    const played = await page.request.get(`${server.url}${source ?? ""}`);
    expect(played.status()).toBe(200);
    expect(played.headers()["content-type"]).toBe("video/webm");
    expect((await played.body()).length).toBe(audio.bytes);
    const fetched = await page.request.get(`${server.url}${(await download.getAttribute("href")) ?? ""}`);
    expect(fetched.headers()["content-disposition"]).toBe("attachment");
    expect((await fetched.body()).equals(PDF)).toBe(true);
  });
});
