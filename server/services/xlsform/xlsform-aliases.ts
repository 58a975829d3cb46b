/**
 * The older and longer spellings of XLSForm types and columns that pyxform still accepts (pyxform/aliases.py and
 * question_type_dictionary.py), brought to the one spelling the reader understands. Types Campo has no twin for
 * keep their canonical name, so the import still reports them at their cell.
 */

/** Whole-type spellings (compared in lower case, spaces collapsed) → the canonical type. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  // Questions.
  string: "text",
  "q string": "text",
  "add text prompt": "text",
  int: "integer",
  "q int": "integer",
  "add integer prompt": "integer",
  "q decimal": "decimal",
  "add decimal prompt": "decimal",
  "q date": "date",
  "add date prompt": "date",
  "date time": "datetime",
  "q date time": "datetime",
  "q datetime": "datetime",
  "add date time prompt": "datetime",
  "add datetime prompt": "datetime",
  location: "geopoint",
  gps: "geopoint",
  "q location": "geopoint",
  "q geopoint": "geopoint",
  "add location prompt": "geopoint",
  photo: "image",
  "q picture": "image",
  "q image": "image",
  "add image prompt": "image",
  "add photo prompt": "image",
  "q note": "note",
  "add note prompt": "note",
  "q calculate": "calculate",
  "add calculate prompt": "calculate",
  "q acknowledge": "acknowledge",
  "add acknowledge prompt": "acknowledge",
  trigger: "acknowledge",
  // A question whose answer is a phone number (pyxform: text of digits), not the device's own number.
  "phone number": "phone_number",
  "q barcode": "barcode",
  "add barcode prompt": "barcode",
  "q audio": "audio",
  "add audio prompt": "audio",
  "q video": "video",
  "add video prompt": "video",
  "add file prompt": "file",
  "q geoshape": "geoshape",
  "q geotrace": "geotrace",
  // Metadata the phone records by itself.
  "start time": "start",
  "get start time": "start",
  "end time": "end",
  "get end time": "end",
  "get today": "today",
  imei: "deviceid",
  "device id": "deviceid",
  "get device id": "deviceid",
  "uri:deviceid": "deviceid",
  "sim id": "simserial",
  "get sim id": "simserial",
  "uri:simserial": "simserial",
  "subscriber id": "subscriberid",
  "get subscriber id": "subscriberid",
  "uri:subscriberid": "subscriberid",
  "get phone number": "phonenumber",
  "uri:phonenumber": "phonenumber",
  "uri:username": "username",
  "uri:email": "email",
  // SurveyCTO's: the time spent on each question is Campo's audit; a calculation shown in place is a calculation.
  text_audit: "audit",
  calculate_here: "calculate",
};

/** Select spellings: the words before the list name → the canonical select type. */
const SELECT_ALIASES: Readonly<Record<string, string>> = {
  "select one": "select_one",
  "select one from": "select_one",
  "select one using": "select_one",
  select1: "select_one",
  "q select1": "select_one",
  "add select one prompt using": "select_one",
  "select multiple": "select_multiple",
  "select multiple from": "select_multiple",
  "select multiple using": "select_multiple",
  "select all that apply": "select_multiple",
  "select all that apply from": "select_multiple",
  "q select": "select_multiple",
  "add select multiple prompt using": "select_multiple",
  "select one external": "select_one_external",
  "select one from file": "select_one_from_file",
  "select multiple from file": "select_multiple_from_file",
};

/** Group spellings after `begin`/`end`: a looped group is a repeat. */
const CONTROL_ALIASES: Readonly<Record<string, string>> = {
  lgroup: "repeat",
  "looped group": "repeat",
  looped_group: "repeat",
};

/** The `or_other` of a select in pyxform's other spellings. */
const OR_OTHER = /\s+or(\s+specify)?\s+other$/i;

/** `type` in its canonical spelling: `select one from regions` → `select_one regions`, `q int` → `integer`. */
export function canonicalType(type: string): string {
  const words = type.trim().replace(OR_OTHER, " or_other").split(/\s+/);
  const lower = words.map((word) => word.toLowerCase());
  const whole = TYPE_ALIASES[lower.join(" ")];
  if (whole !== undefined) return whole;
  const [first, ...after] = lower;
  if ((first === "begin" || first === "end") && after.length > 0) {
    const control = CONTROL_ALIASES[after.join(" ")];
    if (control !== undefined) return `${first} ${control}`;
  }
  // The longest select spelling that leaves one word, the list name (and or_other), wins.
  for (let length = Math.min(words.length - 1, 5); length >= 1; length--) {
    const select = SELECT_ALIASES[lower.slice(0, length).join(" ")];
    if (select !== undefined) return [select, ...words.slice(length)].join(" ");
  }
  return words.join(" ");
}

/** Column spellings (lower case, without a language suffix or a `bind::` style prefix) → the canonical column. */
const COLUMN_ALIASES: Readonly<Record<string, string>> = {
  caption: "label",
  value: "name",
  relevance: "relevant",
  calculate: "calculation",
  "jr:constraintmsg": "constraint_message",
  constraining_message: "constraint_message",
  "jr:requiredmsg": "required_message",
  requiredmsg: "required_message",
  readonly: "read_only",
  count: "repeat_count",
  "jr:count": "repeat_count",
  "jr:choice_filter": "choice_filter",
};

/** pyxform reads `bind::relevant`, `control::appearance`, `media::image` as the plain column. */
const GROUP_PREFIX = /^(bind|control|body|media)::/;

/**
 * The parts of a header: `label::English (en)` → label and English (en). Without `::`, pyxform's deprecated single
 * colon delimits them (`label:English`), except in the `jr:` of a name (`bind:jr:constraintMsg`).
 */
function headerParts(header: string): string[] {
  if (header.includes("::")) return header.split("::").map((part) => part.trim());
  const parts: string[] = [];
  for (const token of header.split(":").map((part) => part.trim())) {
    const previous = parts[parts.length - 1];
    if (previous === "jr") parts[parts.length - 1] = `jr:${token}`;
    else parts.push(token);
  }
  return parts;
}

/** A header's lookup key: trimmed, lower case, aliases resolved; the language part (`::English (en)`) is kept. */
export function columnKey(header: string): string {
  const parts = headerParts(header.trim().toLowerCase());
  if (parts.length > 1 && GROUP_PREFIX.test(`${parts[0]}::`)) parts.shift();
  const base = (parts[0] ?? "").replace(/\s+/g, "_");
  return [COLUMN_ALIASES[base] ?? base, ...parts.slice(1)].join("::");
}
