/** `/api/applications/:id/:file{export\.[a-z]+}` → `/api/applications/{id}/{file}`; `*` → `{path}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(?:\{[^}]+\})?/g, "{$1}").replace(/\/\*$/, "/{path}");
}

/** The request path pattern of a Hono route path: `:name` is one segment, `:name{re}` its own expression. */
export function routePattern(honoPath: string): RegExp {
  const source = honoPath
    .split(/(:\w+(?:\{[^}]+\})?|\*)/)
    .map((part) => {
      if (part === "*") return ".*";
      const custom = /^:\w+\{(.+)\}$/.exec(part)?.[1];
      if (custom) return `(?:${custom})`;
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}
