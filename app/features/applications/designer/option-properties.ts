import {
  propertySetsOf,
  type OptionProperties,
  type OptionPropertySet,
} from "../../../../shared/fields/option-property-sets.ts";

export type { OptionProperties };

/**
 * Option properties as the designer types them: one option a line, `Santos: uf=SP, regiao=Litoral`. An option under
 * several parents (a county "King" of two states) has a line per parent.
 */
export function formatOptionProperties(properties: OptionProperties | undefined): string {
  return Object.entries(properties ?? {})
    .flatMap(([option, value]) =>
      propertySetsOf(value).map(
        (values) =>
          `${option}: ${Object.entries(values)
            .map(([name, text]) => `${name}=${text}`)
            .join(", ")}`,
      ),
    )
    .join("\n");
}

/** The typed lines back as properties; a line without `:` or a pair without `=` is ignored (the schema checks names). */
export function parseOptionProperties(text: string): OptionProperties {
  const sets = new Map<string, OptionPropertySet[]>();
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
    if (option !== "" && pairs.length > 0) sets.set(option, [...(sets.get(option) ?? []), Object.fromEntries(pairs)]);
  }
  return Object.fromEntries(
    [...sets].map(([option, values]) => [option, values.length > 1 ? values : (values[0] ?? {})]),
  );
}
