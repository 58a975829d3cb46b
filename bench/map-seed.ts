/**
 * The data map benches' records (bench/map-view.ts): N located records, M of them also answering an area question
 * with a 12-corner plot of about 1 ha around their point, generated inside the database.
 */
import { sql } from "drizzle-orm";
import { benchCall, type BenchSession } from "./bench-server.ts";
import type { RunningServer } from "../server/server.ts";

const CORNERS = 12;
/** Degrees of the plot's radius: about 56 m of latitude, so a 12-corner plot of roughly 1 ha. */
const RADIUS = 0.0005;

export function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} needs a whole number`);
  return value;
}

async function createForm(session: BenchSession): Promise<{ applicationId: string; areaId: string }> {
  const fields = [
    { fieldType: "text", label: "Nome", config: {}, position: 0 },
    { fieldType: "area", label: "Talhão", config: {}, position: 1 },
  ];
  const response = await benchCall(session, "/api/applications", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Mapa com talhões", visibility: "team", active: true, fields }),
  });
  if (response.status !== 201) throw new Error(`create application failed: ${response.status}`);
  const body = (await response.json()) as { application: { id: string }; fields: { id: string; fieldType: string }[] };
  const area = body.fields.find((field) => field.fieldType === "area");
  if (!area) throw new Error("the form has no area field");
  return { applicationId: body.application.id, areaId: area.id };
}

export async function timed(session: BenchSession, pathname: string): Promise<{ ms: number; bytes: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await benchCall(session, pathname);
    const text = await response.text();
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text) };
  };
  await once();
  const runs: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < 5; i++) runs.push(await once());
  return runs.sort((a, b) => a.ms - b.ms)[2] as { ms: number; bytes: number };
}

/**
 * The bench's application: `records` located records on a grid around São Paulo, `polygons` of them also answering an
 * area question, generated inside the database.
 */
export async function seedMapRecords(
  server: RunningServer,
  session: BenchSession,
  records: number,
  polygons: number,
): Promise<{ applicationId: string; generateSeconds: number }> {
  const me = (await (await benchCall(session, "/api/me")).json()) as { user: { id: string } };
  const { applicationId, areaId } = await createForm(session);
  const db = server.context.database.db;
  const every = polygons === 0 ? records + 1 : Math.floor(records / polygons);
  const started = performance.now();
  // Points on a grid around São Paulo; every `every`-th record also holds a closed 12-corner ring around its point
  // (the angle of corner 12 is corner 0's, so the ring closes exactly).
  await db.execute(sql`
      insert into form_submissions (id, application_id, owner_id, submitter_id, answers, payload_hash, latitude, longitude, client_created_at, created_at, updated_at)
      select gen_random_uuid(), ${applicationId}::uuid, ${me.user.id}::uuid, ${me.user.id}::uuid,
        case when g % ${every} = 0 and g / ${every} <= ${polygons} then jsonb_build_object(${areaId}::text, jsonb_build_object('type', 'Polygon', 'coordinates',
          jsonb_build_array((select jsonb_agg(jsonb_build_array(
              round((p.lng + ${RADIUS} * cos(2 * pi() * (k % ${CORNERS}) / ${CORNERS}))::numeric, 7),
              round((p.lat + ${RADIUS} * sin(2 * pi() * (k % ${CORNERS}) / ${CORNERS}))::numeric, 7)) order by k)
            from generate_series(0, ${CORNERS}) k))))
        else '{}'::jsonb end,
        md5(g::text), p.lat, p.lng,
        timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
        timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second',
        timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${records}) as g,
        lateral (select -23.5 - (g % 1000) / 1000.0 as lat, -46.6 - (g / 1000) / 1000.0 as lng) p`);
  await db.execute(sql`analyze form_submissions`);
  await db.execute(sql`analyze submission_shapes`);
  const generateSeconds = (performance.now() - started) / 1000;
  return { applicationId, generateSeconds };
}
