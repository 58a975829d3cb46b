import { BookOpen, CreditCard, LayoutGrid, LifeBuoy, Settings, ShieldCheck, UserRound, Users, type LucideIcon } from "lucide-react";

export interface NavItem {
  to: string;
  /** Key in the common catalog. */
  labelKey: string;
  icon: LucideIcon;
}

/** Spec 000 §2 "Layout and navigation": the side menu, in this order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/applications", labelKey: "nav.applications", icon: LayoutGrid },
  { to: "/team", labelKey: "nav.team", icon: Users },
  { to: "/subscription", labelKey: "nav.subscription", icon: CreditCard },
  { to: "/settings", labelKey: "nav.settings", icon: Settings },
  { to: "/profile", labelKey: "nav.account", icon: UserRound },
  { to: "/support", labelKey: "nav.support", icon: LifeBuoy },
];

/** Only for super administrators (global access). */
export const SUPER_ADMIN_NAV_ITEMS: readonly NavItem[] = [
  { to: "/blog-admin", labelKey: "nav.blogAdmin", icon: BookOpen },
  { to: "/admin", labelKey: "nav.admin", icon: ShieldCheck },
];

export function navItemsFor(isSuperAdmin: boolean): readonly NavItem[] {
  return isSuperAdmin ? [...NAV_ITEMS, ...SUPER_ADMIN_NAV_ITEMS] : NAV_ITEMS;
}
