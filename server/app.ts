import { Hono } from "hono";
import type { AppContext, AppEnv } from "./context.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { primaryOnly, replicaRouting } from "./db/read-routing.ts";
import type { Replica } from "./db/replica.ts";
import { createAuth } from "./auth/auth.ts";
import { authHandler } from "./auth/auth-handler.ts";
import { createRateLimitStore } from "./auth/rate-limit-store.ts";
import { sessionMiddleware } from "./auth/session.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import { createMailer, type Mailer } from "./services/mailer.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { embeddablePages } from "./middleware/embeddable-pages.ts";
import { clientIp } from "./middleware/client-ip.ts";
import { csrfProtection } from "./middleware/csrf.ts";
import { bodyCap } from "./middleware/body-cap.ts";
import { writesAfterJobQueue } from "./middleware/writes-after-job-queue.ts";
import { safeUrl } from "./middleware/safe-url.ts";
import { BODY_CAP_RULES, DEFAULT_BODY_CAP } from "./routes/body-caps.ts";
import { handleError } from "./middleware/error-handler.ts";
import { compressJson } from "./middleware/compress-json.ts";
import { ApiError } from "./lib/api-error.ts";
import { healthRoutes } from "./routes/health/health.ts";
import { accountRoutes } from "./routes/account/account.ts";
import { apiTokenRoutes } from "./routes/account/api-tokens.ts";
import { apiTokenGate } from "./middleware/api-token-gate.ts";
import { meRoutes } from "./routes/me/me.ts";
import { changeLogRoutes } from "./routes/change-log/change-log.ts";
import { applicationRoutes } from "./routes/applications/applications.ts";
import { xlsFormRoutes } from "./routes/xlsform/xlsform.ts";
import { usageRoutes } from "./routes/usage/usage.ts";
import { attachmentRoutes } from "./routes/attachments/attachments.ts";
import { syncRoutes } from "./routes/sync/sync.ts";
import { formFileRoutes } from "./routes/form-files/form-files.ts";
import { offlineAreaRoutes } from "./routes/offline-areas/offline-areas.ts";
import { teamLayerRoutes } from "./routes/team-layers/team-layers.ts";
import { collectMapRoutes } from "./routes/collect-map/collect-map.ts";
import { submissionRoutes } from "./routes/submissions/submissions.ts";
import { recordReviewRoutes } from "./routes/submissions/record-review.ts";
import { limitRoutes } from "./routes/limit/limit.ts";
import type { Storage } from "./services/storage/storage.ts";
import { contactRoutes } from "./routes/contact/contact.ts";
import { supportRoutes } from "./routes/support/support.ts";
import { teamRoutes } from "./routes/team/team.ts";
import { inviteRoutes } from "./routes/invites/invites.ts";
import { dataRoutes } from "./routes/data/data.ts";
import { odataRoutes } from "./routes/odata/odata.ts";
import { overviewRoutes } from "./routes/overview/overview.ts";
import { billingRoutes, billingWebhookRoutes } from "./routes/billing/billing.ts";
import { createBillingProvider } from "./services/billing/create-billing-provider.ts";
import { siteRoutes } from "./routes/site/site.ts";
import { publicPagesSource } from "./routes/site/sitemap.ts";
import { blogRoutes } from "./routes/blog/blog.ts";
import { blogAdminRoutes } from "./routes/blog/blog-admin.ts";
import { blogSitemapSource } from "./services/blog/public-posts.ts";
import { blogPostPageHtml } from "./services/blog/post-page-html.ts";
import { staticWeb } from "./static-web.ts";
import { inlineThemeBootHashes } from "./prerendered-pages.ts";
import { trustedOrigins } from "./trusted-origins.ts";
import { pmtilesFileRoutes } from "./routes/base-map/pmtiles-file.ts";
import { isUserDisabled } from "./db/queries/admin-users.ts";
import { adminRoutes } from "./routes/admin/admin.ts";
import { adminMessageRoutes } from "./routes/admin/admin-messages.ts";
import { adminEmailRoutes } from "./routes/admin/admin-emails.ts";
import { analyticsRoutes } from "./routes/analytics/analytics.ts";
import { adminAnalyticsRoutes } from "./routes/analytics/admin-analytics.ts";
import { webhookRoutes } from "./routes/webhooks/webhooks.ts";
import { publicLinkRoutes } from "./routes/public-links/public-links.ts";
import { entityRoutes } from "./routes/entities/entities.ts";
import { entityDataRoutes } from "./routes/entities/entity-data.ts";
import { entityOdataRoutes } from "./routes/entities/entity-odata.ts";
import { publicFormRoutes } from "./routes/public-links/public-form.ts";
import { publicLinkFileRoutes } from "./routes/public-links/public-link-files.ts";
import { openApiRoutes } from "./openapi/openapi-routes.ts";
import { API_CONTRACTS } from "../shared/api/contracts/index.ts";
import { responseConformance } from "./openapi/response-conformance.ts";
import type { PasswordHashing } from "./auth/password-hashing.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  jobs: JobQueue;
  /** DATABASE_REPLICA_URL's streaming replica, for heavy reads. */
  replica?: Replica;
  /** Where uploads live (services/storage/create-storage.ts). */
  storage: Storage;
  mailer?: Mailer;
  passwordHashing?: PasswordHashing;
}

/** Composes the HTTP API (and the built web app when present). Pure wiring: no I/O happens here. */
export function createApp(deps: AppDeps): { app: Hono<AppEnv>; context: AppContext } {
  const { config, database } = deps;
  const db = database.db;
  const mailer = deps.mailer ?? createMailer(db, deps.jobs, { smtpUrl: config.smtpUrl });
  const origins = trustedOrigins(config);
  const auth = createAuth({
    db,
    mailer,
    rateLimits: createRateLimitStore(db),
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    trustedOrigins: origins,
    passwordHashing: deps.passwordHashing,
  });
  const context: AppContext = { config, database, jobs: deps.jobs, mailer, auth };
  const billing = createBillingProvider(config, db);
  const { storage } = deps;
  const reads = deps.replica
    ? replicaRouting({
        primary: db,
        replica: deps.replica,
        secret: config.authSecret,
        secure: config.publicUrl.startsWith("https:"),
      })
    : primaryOnly(db);

  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", clientIp({ trustProxy: config.trustProxy, hops: config.trustProxyHops }));
  app.use("*", embeddablePages());
  app.use(
    "*",
    securityHeaders({ tileOrigins: config.baseMap.origins, inlineScriptHashes: inlineThemeBootHashes(config.webDist) }),
  );
  app.use("/api/*", writesAfterJobQueue(deps.jobs));
  app.use("/api/*", safeUrl());
  app.use("/api/*", bodyCap(BODY_CAP_RULES, DEFAULT_BODY_CAP));
  // The provider's webhook carries no session and no Origin: mounted before CSRF and sessions, authenticated by its signature.
  app.route("/", billingWebhookRoutes(context, billing));
  app.use("/api/*", compressJson());
  // Inside compression, so it reads the plain JSON the route wrote.
  if (config.checkResponses) app.use("/api/*", responseConformance(API_CONTRACTS));
  app.use(
    "/api/*",
    csrfProtection(() => origins),
  );
  app.use("/api/*", reads.rememberWrites);
  app.on(["GET", "POST"], "/api/auth/*", authHandler(auth));
  app.use(
    "/api/*",
    sessionMiddleware(auth, db, config.superAdminEmails, (userId) => isUserDisabled(db, userId)),
  );
  app.use("/api/*", apiTokenGate(db, createRateLimitStore(db), config.apiTokenRateLimit));

  app.route("/", openApiRoutes(db));
  app.route("/", healthRoutes(db, database.kind));
  app.route("/", meRoutes(context));
  app.route("/", changeLogRoutes(context));
  app.route("/", accountRoutes(context));
  app.route("/", apiTokenRoutes(context));
  app.route("/", applicationRoutes(context));
  app.route("/", xlsFormRoutes(context));
  app.route("/", usageRoutes(context));
  app.route("/", contactRoutes(context));
  app.route("/", supportRoutes(context, storage));

  app.route("/", attachmentRoutes(context, storage));
  app.route("/", formFileRoutes(context, storage));
  app.route("/", offlineAreaRoutes(context));
  app.route("/", teamLayerRoutes(context));
  app.route("/", collectMapRoutes(context));
  app.route("/", syncRoutes(context));
  app.route("/", submissionRoutes(context));
  app.route("/", recordReviewRoutes(context));
  app.route("/", limitRoutes(context));
  app.route("/", dataRoutes(context, reads));
  app.route("/", odataRoutes(context));
  app.route("/", overviewRoutes(context));
  app.route("/", teamRoutes(context));
  app.route("/", inviteRoutes(context));
  app.route("/", billingRoutes(context, billing));
  app.route("/", adminRoutes(context));
  app.route("/", adminMessageRoutes(context));
  app.route("/", adminEmailRoutes(context));
  app.route("/", analyticsRoutes(context));
  app.route("/", adminAnalyticsRoutes(context));
  app.route("/", webhookRoutes(context));
  app.route("/", publicLinkRoutes(context));
  app.route("/", entityRoutes(context));
  app.route("/", entityDataRoutes(context));
  app.route("/", entityOdataRoutes(context));
  app.route("/", publicFormRoutes(context));
  app.route("/", publicLinkFileRoutes(context, storage));
  app.route("/", blogRoutes(context, storage));
  app.route("/", blogAdminRoutes(context, storage));

  if (config.baseMap.localPmtilesFile) app.route("/", pmtilesFileRoutes(config.baseMap.localPmtilesFile));

  app.route("/", siteRoutes(context, [publicPagesSource, blogSitemapSource(db)]));

  app.all("/api/*", () => {
    throw new ApiError("NOT_FOUND", "No such endpoint");
  });
  if (config.webDist) app.route("/", staticWeb(config.webDist, [blogPostPageHtml(db, config.publicUrl)]));
  return { app, context };
}
