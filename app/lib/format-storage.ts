const GIGABYTE = 1024 ** 3;

/** Storage in the reader's number format: 1 GB, 1,3 GB, 350 MB. */
export function formatStorage(bytes: number, language: string): string {
  const [value, unit] = bytes >= GIGABYTE ? [bytes / GIGABYTE, "gigabyte"] : [bytes / 1024 ** 2, "megabyte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, maximumFractionDigits: 1 }).format(value);
}
