import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import type { TestServer } from "../../server/test-support/test-server.ts";
import type { HttpClient } from "../../server/test-support/http-client.ts";
import { formSubmissions } from "../../server/db/schema/index.ts";
import {
  createApplicationVia,
  grantRole,
  signUpAs,
  TRUST_PROXY_ENV,
} from "../../server/test-support/fixtures/application-fixtures.ts";
import { startAppServer } from "./app-server.ts";
import type { DeviceOptions } from "./browser.ts";
import { waitForServiceWorkerControl } from "./service-worker.ts";
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

export interface PhoneJourney {
  readonly server: TestServer;
  readonly owner: HttpClient;
  readonly appId: string;
  /** The collector's installed phone, signed in. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** A stored field's id by its name; fails on a name the form does not have. */
  field(name: string): string;
  /** The form's records as the server stored them. */
  storedRecords(): Promise<(typeof formSubmissions.$inferSelect)[]>;
  /** Goes to the form's collect screen and waits for its title. */
  openCollectScreen(): Promise<void>;
}

export interface PhoneJourneyOptions {
  ownerEmail: string;
  collectorEmail: string;
  form: { name: string } & Record<string, unknown>;
  /** The phone; a function when it needs what a hook makes first (a fake camera's video file). */
  device?: DeviceOptions | (() => DeviceOptions);
  /** After the form is assigned and before the phone's first visit (attach the form's files, say). */
  prepare?: (journey: PhoneJourney) => Promise<void>;
  /** What the first visit waits for besides the title (the form's files on screen, say). */
  ready?: (page: Page) => Promise<void>;
}

/**
 * The set-up of a collect journey for a whole test file: before its tests an app server starts, the owner creates the
 * form and assigns it to a collector, and the collector's installed phone opens the collect screen once online until
 * the service worker controls it (the app shell and the form are then kept for offline use); after them all is closed.
 */
export function usePhoneJourney(options: PhoneJourneyOptions): PhoneJourney {
  let server: TestServer | undefined;
  let assigned: AssignedForm | undefined;
  const started = () => {
    if (!server || !assigned) throw new Error("the phone journey has not started");
    return { server, assigned };
  };
  const journey: PhoneJourney = {
    get server() {
      return started().server;
    },
    get owner() {
      return started().assigned.owner;
    },
    get appId() {
      return started().assigned.appId;
    },
    get context() {
      return started().assigned.phone.context;
    },
    get page() {
      return started().assigned.phone.page;
    },
    field: (name) => {
      const id = started().assigned.fieldIds.get(name);
      if (id === undefined) throw new Error(`No field named ${name}`);
      return id;
    },
    storedRecords: () =>
      journey.server.context.database.db
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.applicationId, journey.appId)),
    openCollectScreen: async () => {
      await journey.page.goto(`${journey.server.url}/applications/${journey.appId}/collect`);
      await journey.page.getByRole("heading", { name: options.form.name }).waitFor();
    },
  };
  beforeAll(async () => {
    server = await startAppServer(TRUST_PROXY_ENV);
    const { device } = options;
    assigned = await assignFormToCollector(server, {
      ...options,
      device: typeof device === "function" ? device() : device,
    });
    await options.prepare?.(journey);
    await journey.openCollectScreen();
    await options.ready?.(journey.page);
    await waitForServiceWorkerControl(journey.page);
  });
  afterAll(async () => {
    await assigned?.phone.context.close();
    await server?.stop();
    if (assigned) rmSync(assigned.phone.profileDir, { recursive: true, force: true });
  });
  return journey;
}
