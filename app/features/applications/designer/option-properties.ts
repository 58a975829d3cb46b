/** Option properties as the designer types them: one option a line, `Santos: uf=SP, regiao=Litoral`. */
export type OptionProperties = Record<string, Record<string, string>>;

export function formatOptionProperties(properties: OptionProperties | undefined): string {
  return Object.entries(properties ?? {})
    .map(
      ([option, values]) =>
        `${option}: ${Object.entries(values)
          .map(([name, value]) => `${name}=${value}`)
          .join(", ")}`,
    )
    .join("\n");
}

/** The typed lines back as properties; a line without `:` or a pair without `=` is ignored (the schema checks names). */
export function parseOptionProperties(text: string): OptionProperties {
  const result: OptionProperties = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.lastIndexOf(":");
    if (colon <= 0) continue;
    const option = line.slice(0, colon).trim();
    const pairs = line
      .slice(colon + 1)
      .split(",")
      .flatMap((pair) => {
        const equals = pair.indexOf("=");
        return equals > 0 ? [[pair.slice(0, equals).trim(), pair.slice(equals + 1).trim()] as const] : [];
      });
    if (option !== "" && pairs.length > 0) result[option] = { ...result[option], ...Object.fromEntries(pairs) };
  }
  return result;
}
