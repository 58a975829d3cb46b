/** Applications with records synced now, for the overview tests (test code only). */
import { randomUUID } from "node:crypto";
import type { HttpClient } from "../../test-support/http-client.ts";
import { createApplicationVia } from "../applications/test-fixtures.ts";
import { sync } from "../sync/sync-fixtures.ts";

export interface SeededApp {
  id: string;
  records: string[];
  located: string[];
}

/** An application of `client` with one text field and `count` records synced now, every other one located. */
export async function seedApp(client: HttpClient, name: string, count: number): Promise<SeededApp> {
  const created = await createApplicationVia(client, {
    name,
    visibility: "team",
    active: true,
    fields: [{ fieldType: "text", label: "Nota", config: {}, position: 0 }],
  });
  const fieldId = created.fields[0]!.id;
  const records = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    applicationId: created.application.id,
    answers: { [fieldId]: `${name} ${i}` },
    ...(i % 2 === 0
      ? { location: { latitude: -10 - i, longitude: -50 - i, accuracy: 4, timestamp: new Date().toISOString() } }
      : {}),
    clientCreatedAt: new Date().toISOString(),
  }));
  const result = await sync(client, records);
  if (result.results.some((entry) => entry.status !== "created")) throw new Error(JSON.stringify(result.results));
  return {
    id: created.application.id,
    records: records.map((entry) => entry.id),
    located: records.filter((entry) => entry.location).map((entry) => entry.id),
  };
}
