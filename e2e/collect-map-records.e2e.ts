import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { formSubmissions, users } from "../server/db/schema/index.ts";
import { GEOLOCATION, readOutbox } from "./support/field-collector.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/**
 * Issue 25's collect map offline: the previous records the member may see are on the phone's map without signal,
 * both one synced earlier from another device (kept with the form) and one this phone synced itself (gone from the
 * outbox once the server acknowledged it), and each is a place to navigate to.
 */
const FIELDS = [{ fieldType: "text", label: "Poço", name: "poco", position: 0, config: { required: true } }];
/** A record the collector synced from another phone before this one first opened the form. */
const EARLIER = { id: "8f7c5a52-3d1e-4c43-9d4b-2f0a1c6e7b90", latitude: -15.801, longitude: -47.8985 };

describe("previous records on the collect map, offline (issue 25)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@mapa-registros.test",
    collectorEmail: "coletor@mapa-registros.test",
    form: { name: "Poços visitados", fields: FIELDS },
    prepare: async ({ server, appId }) => {
      const db = server.context.database.db;
      const [owner] = await db.select().from(users).where(eq(users.email, "dona@mapa-registros.test"));
      const [collector] = await db.select().from(users).where(eq(users.email, "coletor@mapa-registros.test"));
      if (!owner || !collector) throw new Error("the journey's users are missing");
      await db.insert(formSubmissions).values({
        ...EARLIER,
        applicationId: appId,
        ownerId: owner.id,
        submitterId: collector.id,
        answers: {},
        payloadHash: EARLIER.id,
        createdAt: new Date(Date.UTC(2026, 10, 1)),
      });
    },
  });

  it("shows the earlier record and the one this phone synced offline, and navigates to each", async () => {
    const { context, page, openCollectScreen, storedRecords } = journey;
    // Online: a record saved here is sent at once, and the server's acknowledgement clears it from the outbox.
    await page.getByRole("textbox", { name: /^Poço/ }).fill("Poço 1");
    await page.getByRole("button", { name: "Salvar registro" }).click();
    await expect.poll(async () => (await storedRecords()).length, { timeout: 60_000 }).toBe(2);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 60_000 }).toBe(0);

    await context.setOffline(true);
    await openCollectScreen();
    await page.getByRole("button", { name: "Mapa e navegação" }).click();
    const collectMap = page.getByTestId("collect-map");
    await collectMap.getByTestId("geometry-map").and(page.locator('[data-ready="true"][data-records="2"]')).waitFor();

    const list = collectMap.getByLabel("Ir até um registro anterior");
    await list.getByRole("option", { name: "Escolha entre 2 registros" }).waitFor({ state: "attached" });
    // Newest first: the record saved on this phone, at the phone's position; then the earlier one.
    await list.selectOption({ index: 1 });
    const destination = collectMap.getByTestId("navigate-to");
    await destination
      .getByText(`Destino: ${GEOLOCATION.latitude.toFixed(6)}, ${GEOLOCATION.longitude.toFixed(6)}`)
      .waitFor();
    await list.selectOption({ index: 2 });
    await destination.getByText("Destino: -15.801000, -47.898500").waitFor();
    await context.setOffline(false);
  });
});
