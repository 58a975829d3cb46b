import type * as XmldomModule from "@xmldom/xmldom";

type Xmldom = typeof XmldomModule;

let loading: Promise<Xmldom> | undefined;

/** @xmldom/xmldom, imported when the first KML layer is read rather than at start (docs/decisions.md). */
export function loadXmldom(): Promise<Xmldom> {
  return (loading ??= import("@xmldom/xmldom"));
}
