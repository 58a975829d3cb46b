import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { THEMES, useTheme, type Theme } from "../../lib/theme.ts";
import { Button } from "../ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

/** Light, dark or follow the system; persisted in localStorage 'campo_theme' (read again by theme-boot.js on load). */
export function ThemeControl() {
  const { t } = useTranslation();
  const { theme, resolvedTheme, setTheme } = useTheme();
  const Icon = ICONS[theme === "system" ? resolvedTheme : theme];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t("layout.theme", { theme: t(`layout.themes.${theme}`) })}
        >
          <Icon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("layout.themeLabel")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
          {THEMES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon aria-hidden />
                {t(`layout.themes.${option}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
