import type { TestServer } from "../../server/test-support/test-server.ts";
import type { HttpClient } from "../../server/test-support/http-client.ts";
import { createApplicationVia, grantRole, signUpAs } from "../../server/routes/applications/test-fixtures.ts";
import type { DeviceOptions } from "./browser.ts";
import { INSTALLED_PHONE, openInstalledAppSignedInByApi, type InstalledApp } from "./field-collector.ts";

export interface AssignedForm {
  owner: HttpClient;
  appId: string;
  /** The stored fields' ids by name. */
  fieldIds: ReadonlyMap<string, string>;
  /** The collector's installed phone, signed in (online). */
  phone: InstalledApp;
}

/**
 * The start of a collect journey: an owner creates the form through the API, a collector is made its collaborator and
 * signs in on an installed phone. Needs a server started with TRUST_PROXY_ENV (signUpAs).
 */
export async function assignFormToCollector(
  server: TestServer,
  options: { ownerEmail: string; collectorEmail: string; form: Record<string, unknown>; device?: DeviceOptions },
): Promise<AssignedForm> {
  const owner = server.client();
  const ownerId = (await signUpAs(owner, options.ownerEmail)).id;
  const created = await createApplicationVia(owner, { visibility: "team", active: true, ...options.form });
  const appId = created.application.id;
  const collectorId = (await signUpAs(server.client(), options.collectorEmail)).id;
  await grantRole(server.context.database.db, {
    ownerId,
    userId: collectorId,
    email: options.collectorEmail,
    applicationId: appId,
    role: "collaborator",
  });
  const phone = await openInstalledAppSignedInByApi(
    server,
    options.collectorEmail,
    "secret123",
    options.device ?? INSTALLED_PHONE,
  );
  return { owner, appId, fieldIds: new Map(created.fields.map((field) => [field.name, field.id])), phone };
}
