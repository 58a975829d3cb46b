const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;

/**
 * A page path as its route: record and application ids become `:id` (`/applications/3f2a…/data` →
 * `/applications/:id/data`), so the dashboards rank screens rather than one row per application. Applied when the
 * summary is built, so events stored before this rule group the same way.
 */
export function routePattern(path: string): string {
  return path
    .split("/")
    .map((segment) => (UUID.test(segment) || NUMBER.test(segment) ? ":id" : segment))
    .join("/");
}
