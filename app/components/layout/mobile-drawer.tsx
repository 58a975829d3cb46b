import { useState } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import type { PermissionObject } from "../../../shared/permissions/permissions.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { overlayClasses } from "../ui/overlay.ts";
import { ProductLogo } from "./product-logo.tsx";
import { SideNav } from "./side-nav.tsx";

/** Below 1024 px the side menu slides in from the left (85% wide, at most max-w-xs) over a backdrop. */
export function MobileDrawer({ permissions }: { permissions: PermissionObject | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={open ? t("layout.closeMenu") : t("layout.openMenu")}
        >
          <Menu aria-hidden />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[85%] max-w-xs flex-col gap-4 border-r bg-card p-4 text-card-foreground shadow-xl focus:outline-none motion-safe:animate-drawer-in"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title asChild>
              <h2>
                <ProductLogo />
              </h2>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("layout.closeMenu")}>
                <X aria-hidden />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <SideNav permissions={permissions} onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
