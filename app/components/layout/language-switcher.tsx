import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { Button } from "../ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";

/** Changing the language stores it (localStorage 'campo_language', by the detector's cache) and updates <html lang>. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by its content, not aria-label: the visible "PT" must not contradict the name (WCAG 2.5.3). */}
        <Button variant="ghost" size="sm" className="h-9 gap-1 px-2">
          <Languages aria-hidden />
          <span className="sr-only">{t("layout.language", { language: LANGUAGE_NAMES[current] })}</span>
          <span className="hidden text-xs font-semibold uppercase sm:inline" aria-hidden>
            {current === "pt-BR" ? "PT" : current}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("layout.languageLabel")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={(language) => void i18n.changeLanguage(language)}>
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
