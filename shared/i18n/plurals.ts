import type { i18n } from "i18next";

/**
 * CLDR's Brazilian Portuguese counts 0 as singular ("0 campo"); Campo's texts say "0 campos", which is European
 * Portuguese's rule (only 1 is singular). Every i18next instance showing pt-BR plurals goes through this once
 * initialised; a `_zero` key still wins for 0 where a text has one ("Nenhum campo").
 */
export function pluralizeZero(instance: i18n): void {
  const resolver = instance.services.pluralResolver as {
    getRule: (code: string, options?: object) => Intl.PluralRules | undefined;
  };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(code === "pt-BR" ? "pt-PT" : code, options);
}
