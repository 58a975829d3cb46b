import { readInstancePath } from "../../../shared/expressions/instance-path.ts";

/** A text no expression holds: the placeholder's quotes wrap it and a number. */
const MARK = "\u0001";
const PLACEHOLDER = new RegExp(`'${MARK}(\\d+)${MARK}'`, "g");

/**
 * `instance('cities')/root/item[state = ${state}]/label` is a path, which the token-by-token translation would
 * refuse (`/` is a path step there): each is set aside as a placeholder text, its filter translated on its own,
 * and put back after the rest is translated.
 */
export function withInstancePaths<R extends { ok: boolean }>(
  source: string,
  translateFilter: (filter: string) => { text: string } | R,
  translateRest: (text: string) => string | R,
): string | R {
  const paths: string[] = [];
  let rest = "";
  for (let index = 0; index < source.length;) {
    const path = source.startsWith("instance(", index) ? readInstancePath(source, index) : null;
    if (!path) {
      rest += source.charAt(index);
      index += 1;
      continue;
    }
    let filter = "";
    if (path.filter !== null) {
      const translated = translateFilter(path.filter);
      if (!("text" in translated)) return translated;
      filter = `[${translated.text}]`;
    }
    rest += `'${MARK}${paths.length}${MARK}'`;
    paths.push(`instance('${path.instance}')/root/item${filter}/${path.column}`);
    index = path.end;
  }
  const translated = translateRest(rest);
  if (typeof translated !== "string") return translated;
  return translated.replace(PLACEHOLDER, (_, position: string) => paths[Number(position)] ?? "");
}
