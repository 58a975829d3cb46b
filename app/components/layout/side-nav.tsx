import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { PermissionObject } from "../../../shared/permissions/permissions.ts";
import { cn } from "../../lib/cn.ts";
import { navItemsFor } from "./nav-items.ts";

/** The menu entries; `onNavigate` lets the drawer close itself when an entry is chosen. */
export function SideNav({
  permissions,
  onNavigate,
}: {
  permissions: PermissionObject | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("layout.mainMenu")}>
      <ul className="flex flex-col gap-1">
        {navItemsFor(permissions).map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted",
                  isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:text-foreground",
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
