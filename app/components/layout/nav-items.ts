import {
  BookOpen,
  CreditCard,
  Database,
  History,
  LayoutDashboard,
  LayoutGrid,
  LifeBuoy,
  Map as MapIcon,
  MapPinned,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { PermissionObject } from "../../../shared/permissions/permissions.ts";

type PermissionFlag = {
  [K in keyof PermissionObject]: PermissionObject[K] extends boolean ? K : never;
}[keyof PermissionObject];

export interface NavItem {
  to: string;
  /** Key in the common catalog. */
  labelKey: string;
  icon: LucideIcon;
  /** The permission (GET /api/me) without which the entry is not offered; the server refuses the page's calls anyway. */
  requires?: PermissionFlag;
}

/**
 * Spec 000 §2 "Layout and navigation": the side menu, in this order; the last two only for super administrators.
 * Painel, Dados and Mapas (routes the spec lists without a menu entry) follow Meus Aplicativos; Gestão de mudanças
 * follows Equipe (docs/decisions.md).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/applications", labelKey: "nav.applications", icon: LayoutGrid },
  { to: "/dashboard", labelKey: "nav.dashboard", icon: LayoutDashboard },
  { to: "/data", labelKey: "nav.data", icon: Database },
  { to: "/maps", labelKey: "nav.maps", icon: MapIcon },
  // Base map areas saved on the phone for the field (docs/decisions.md): a collector looks for them in the menu.
  { to: "/offline-maps", labelKey: "nav.offlineMaps", icon: MapPinned },
  { to: "/team", labelKey: "nav.team", icon: Users, requires: "canManageTeam" },
  // Not in the spec's menu list: offered to those who administer something, the people whose changes it logs.
  { to: "/change-management", labelKey: "nav.changeManagement", icon: History, requires: "canManageTeam" },
  { to: "/subscription", labelKey: "nav.subscription", icon: CreditCard, requires: "canManageBilling" },
  { to: "/settings", labelKey: "nav.settings", icon: Settings },
  { to: "/profile", labelKey: "nav.account", icon: UserRound },
  { to: "/support", labelKey: "nav.support", icon: LifeBuoy },
  { to: "/blog-admin", labelKey: "nav.blogAdmin", icon: BookOpen, requires: "hasGlobalAccess" },
  { to: "/admin", labelKey: "nav.admin", icon: ShieldCheck, requires: "hasGlobalAccess" },
];

/**
 * The entries this user may use. Offline the permissions are the copy of GET /api/me stored at the last sign-in or
 * refresh (lib/session-storage.ts); a flag missing from an older copy counts as not granted.
 */
export function navItemsFor(permissions: Partial<PermissionObject> | undefined): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => !item.requires || permissions?.[item.requires] === true);
}
