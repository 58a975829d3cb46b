export type ContentCoding = "br" | "gzip";

/**
 * The first of `offered` (in the server's order of preference) that an Accept-Encoding header allows: listed, or
 * covered by `*`, with a q-value above 0. Undefined when none is (the identity body is then sent).
 */
export function negotiateEncoding(
  header: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  return offered.find((coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0);
}
