/** A post's date in the UI language's own format (dd/mm/aaaa in pt-BR, mm/dd/yyyy in en…). */
export function formatPostDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(iso));
}
