import { describe, expect, it } from "vitest";
import { DOMParser } from "@xmldom/xmldom";
import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import type { LineString, Polygon } from "geojson";
import type { Locator } from "playwright-core";
import { GEOLOCATION } from "./support/field-collector.ts";
import { seriousAccessibilityViolations } from "./support/axe.ts";
import { usePhoneJourney } from "./support/assigned-form.ts";

/** Issue 25's Proof for line and area questions: a plot's outline drawn by tapping, a trail recorded by walking. */
const FIELDS = [
  { fieldType: "text", label: "Talhão", name: "talhao", position: 0, config: { required: true } },
  { fieldType: "area", label: "Contorno do talhão", name: "contorno", position: 1, config: { required: true } },
  { fieldType: "line", label: "Trilha percorrida", name: "trilha", position: 2, config: { required: true } },
];

/** The walk: 20 m steps north from the phone's position (1° of latitude ≈ 111 km), with a jump and a pause on the way. */
const STEP_DEGREES = 20 / 111_320;
const walkFix = (steps: number, accuracy = 5) => ({
  latitude: GEOLOCATION.latitude + steps * STEP_DEGREES,
  longitude: GEOLOCATION.longitude,
  accuracy,
});

describe("line and area questions on an installed phone, offline (issue 25)", () => {
  const journey = usePhoneJourney({
    ownerEmail: "dona@talhoes.test",
    collectorEmail: "coletor@talhoes.test",
    form: { name: "Talhões", fields: FIELDS },
  });
  const { field, storedRecords, openCollectScreen } = journey;
  const question = (label: string): Locator => journey.page.getByRole("group", { name: new RegExp(`^${label}`) });
  const vertexCount = (widget: Locator) => widget.getByTestId("vertex-count");

  /** Taps the question's map `dx`, `dy` pixels from its centre, as a finger would. */
  async function tapMap(widget: Locator, dx: number, dy: number): Promise<void> {
    const map = widget.getByTestId("geometry-map");
    const box = await map.boundingBox();
    if (!box) throw new Error("the map is not on screen");
    await map.locator("canvas").click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
  }

  it("draws an area by tapping and a line by walking offline, saves, syncs and reads them back", async () => {
    const { server, owner, appId, context, page } = journey;
    await context.setOffline(true);
    await openCollectScreen();
    await page.getByRole("textbox", { name: /^Talhão/ }).fill("Talhão 7");

    // Area: the first corner is the phone's position (the button a keyboard or screen reader uses); the map then
    // frames it, and three taps add the other corners.
    const area = question("Contorno do talhão");
    await area.getByTestId("geometry-map").and(page.locator('[data-ready="true"]')).waitFor();
    await area.getByRole("button", { name: "Adicionar minha posição" }).click();
    await vertexCount(area).and(page.locator('[data-count="1"]')).waitFor();
    await tapMap(area, 80, 0);
    await tapMap(area, 80, 80);
    await tapMap(area, 0, 80);
    await vertexCount(area).and(page.locator('[data-count="4"]')).waitFor();
    await area.getByTestId("geometry-area").waitFor();
    expect(await area.getByTestId("geometry-area").innerText()).toMatch(/^Área: [\d,.]+ (m²|ha)$/);
    // Delete a corner from the list, then undo.
    await area.getByRole("button", { name: "Excluir o ponto 3" }).click();
    await vertexCount(area).and(page.locator('[data-count="3"]')).waitFor();
    await area.getByRole("button", { name: "Desfazer" }).click();
    await vertexCount(area).and(page.locator('[data-count="4"]')).waitFor();

    // Line: walk north; a fix with poor accuracy and one too close to the last vertex add nothing.
    const line = question("Trilha percorrida");
    await line.getByRole("radio", { name: "Caminhar" }).click();
    await line.getByText("Um ponto a cada 5 m percorridos, quando a precisão for de 15 m ou melhor.").waitFor();
    await line.getByRole("button", { name: "Começar a caminhar" }).click();
    await context.setGeolocation(walkFix(0));
    await vertexCount(line).and(page.locator('[data-count="1"]')).waitFor();
    await context.setGeolocation(walkFix(1, 60));
    const walkStatus = () => line.getByTestId("walk-status").innerText();
    await expect.poll(walkStatus, { timeout: 30_000 }).toContain("Precisão de 60 m: aguardando um sinal melhor.");
    await context.setGeolocation(walkFix(1.1));
    await vertexCount(line).and(page.locator('[data-count="2"]')).waitFor();
    await context.setGeolocation(walkFix(1.2));
    await expect.poll(walkStatus, { timeout: 30_000 }).toContain("Precisão de 5 m: ande mais um pouco.");
    for (const step of [2, 3, 4]) {
      await context.setGeolocation(walkFix(step));
      await vertexCount(line)
        .and(page.locator(`[data-count="${step + 1}"]`))
        .waitFor();
    }
    await line.getByRole("button", { name: "Parar de gravar" }).click();
    await line.getByTestId("geometry-length").waitFor();
    expect(await line.getByTestId("geometry-length").innerText()).toBe("Comprimento: 80 m");

    await page.getByRole("button", { name: "Salvar registro" }).click();
    await page.getByText("Salvo offline").first().waitFor({ timeout: 30_000 });
    expect(await storedRecords()).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId("sync-status").getByText("Tudo sincronizado").waitFor({ timeout: 60_000 });
    const [row] = await storedRecords();
    const answers = row?.answers ?? {};
    const outline = answers[field("contorno")] as Polygon;
    expect(outline.type).toBe("Polygon");
    expect(outline.coordinates[0]).toHaveLength(5);
    expect(outline.coordinates[0]?.[4]).toEqual(outline.coordinates[0]?.[0]);
    expect(outline.coordinates[0]?.[0]?.[1]).toBeCloseTo(GEOLOCATION.latitude, 6);
    const trail = answers[field("trilha")] as LineString;
    expect(trail.type).toBe("LineString");
    expect(trail.coordinates.map(([, latitude]) => latitude)).toEqual(
      [0, 1.1, 2, 3, 4].map((step) => expect.closeTo(walkFix(step).latitude, 6)),
    );

    // The record detail: both shapes with their measures on a map.
    await page.goto(`${server.url}/applications/${appId}/data`);
    await page.locator(`[data-record-id="${row?.id ?? ""}"]`).click();
    const detail = page.getByTestId("record-detail");
    const shapes = detail.getByTestId("geometry-answer");
    await expect.poll(() => shapes.count()).toBe(2);
    expect(await detail.getByTestId("geometry-length").innerText()).toBe("Comprimento: 80 m");
    expect(await detail.getByTestId("geometry-area").innerText()).toMatch(/^Área: /);
    await shapes.getByTestId("geometry-map").and(page.locator('[data-ready="true"]')).first().waitFor();

    // The data map draws both shapes of the record (the record has its location point too).
    await page.goto(`${server.url}/applications/${appId}/data?tab=map`);
    const recordsMap = page.getByTestId("records-map");
    await recordsMap.and(page.locator('[data-shapes="2"]')).waitFor({ timeout: 45_000 });
    await expect.poll(() => recordsMap.getAttribute("data-rendered"), { timeout: 45_000 }).toBe("1");

    // The exports carry the shapes: GeoJSON geometries and KML LineString/Polygon, parsed back by independent readers.
    const geojson = (await (await owner.get(`/api/applications/${appId}/export.geojson`)).json()) as {
      features: { geometry: { type: string; geometries?: { type: string }[] } | null }[];
    };
    const geometryTypes = (geometry: { type: string; geometries?: { type: string }[] } | null | undefined) =>
      geometry?.geometries?.map((part) => part.type) ?? (geometry ? [geometry.type] : []);
    expect(geometryTypes(geojson.features[0]?.geometry)).toEqual(expect.arrayContaining(["Polygon", "LineString"]));
    const kmlText = await (await owner.get(`/api/applications/${appId}/export.kml`)).text();
    const kml = kmlToGeoJson(new DOMParser().parseFromString(kmlText, "text/xml"));
    expect(kml.features.flatMap((feature) => geometryTypes(feature.geometry))).toEqual(
      expect.arrayContaining(["Polygon", "LineString"]),
    );
  });

  it("shows the record's location on the collect map and the distance and bearing to a typed point", async () => {
    const { context, page } = journey;
    await context.setGeolocation(GEOLOCATION);
    await openCollectScreen();
    await page.getByRole("button", { name: "Mapa e navegação" }).click();
    const collectMap = page.getByTestId("collect-map");
    await collectMap.getByTestId("geometry-map").and(page.locator('[data-ready="true"]')).waitFor();
    // About 1 km due north of the phone.
    const north = (GEOLOCATION.latitude + 1000 / 111_320).toFixed(6);
    await collectMap.getByLabel("Ir até (latitude, longitude)").fill(`${north}, ${GEOLOCATION.longitude}`);
    await collectMap.getByRole("button", { name: "Navegar" }).click();
    const figures = collectMap.getByTestId("navigate-figures");
    await figures.waitFor();
    expect(Number(await figures.getAttribute("data-meters"))).toBeGreaterThan(990);
    expect(Number(await figures.getAttribute("data-meters"))).toBeLessThan(1010);
    expect(await figures.innerText()).toMatch(/ na direção 0° \(N\)$/);
    // The line and area questions and the collect map, open together, pass the WCAG A/AA checks.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
