/**
 * The routes an API token may call: the data routes (applications, fields, records, attachments, exports, charts and
 * map data, sync, the OData feed). Everything else (account, billing, team, invites, admin, analytics, blog admin,
 * support, and any route added later) refuses tokens, so a new route is closed to them until it is listed here.
 * Which application a token may touch, and how, is decided by server/policies/application-access.ts.
 */
const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

interface TokenRoute {
  methods: readonly string[];
  path: RegExp;
}

const READ = ["GET", "HEAD"] as const;
const ANY = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

export const API_TOKEN_ROUTES: readonly TokenRoute[] = [
  { methods: READ, path: /^\/api\/health$/ },
  // The listing; creating an application (or importing an XLSForm) is administration, hence not POST.
  { methods: READ, path: /^\/api\/applications$/ },
  // One application and everything under it (form, records, charts, map, exports, review, comments).
  { methods: ANY, path: new RegExp(`^/api/applications/${UUID}(?:/.*)?$`) },
  { methods: READ, path: new RegExp(`^/api/attachments/${UUID}$`) },
  { methods: ["PUT"], path: /^\/api\/attachments\/[0-9a-fA-F]{64}$/ },
  { methods: ["POST"], path: /^\/api\/sync$/ },
  { methods: READ, path: /^\/api\/odata(?:\/.*)?$/ },
];

export function isApiTokenRoute(method: string, path: string): boolean {
  return API_TOKEN_ROUTES.some((route) => route.methods.includes(method) && route.path.test(path));
}
