import { Link } from "react-router";
import type { PermissionObject } from "../../../shared/permissions/permissions.ts";
import { useTranslation } from "react-i18next";
import { HeaderTools } from "./header-tools.tsx";
import { deferredControl } from "./deferred-control.tsx";
import { ProductLogo } from "./product-logo.tsx";
import { UserMenu } from "./user-menu.tsx";

// The drawer (a Radix dialog) is for signed-in users only: its chunk loads when one is shown.
const MobileDrawer = deferredControl(
  () => import("./mobile-drawer.tsx").then((module) => module.MobileDrawer),
  "size-10 lg:hidden",
);

export function AppHeader({ signedIn, permissions }: { signedIn: boolean; permissions: PermissionObject | undefined }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {signedIn ? <MobileDrawer permissions={permissions} /> : null}
        <Link to="/" className="mr-auto min-w-0 rounded-md pl-1 pr-2" aria-label={t("layout.homeLink")}>
          <ProductLogo />
        </Link>
        <HeaderTools />
        <UserMenu />
      </div>
    </header>
  );
}
