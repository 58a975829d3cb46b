import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Menu, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";

/**
 * The public site's menu (spec 000 §2): sections of the landing by anchor, then the site's other pages. The anchors
 * name /home, so the same menu on the blog or the contact page leads back to the section (useScrollToHash).
 */
const MENU_ITEMS = [
  { key: "sectors", to: "/home#sectors" },
  { key: "features", to: "/home#features" },
  { key: "howItWorks", to: "/home#how-it-works" },
  { key: "pricing", to: "/pricing" },
  { key: "blog", to: "/blog" },
  { key: "contact", to: "/contact" },
] as const;

function MenuLinks({ onNavigate, itemClassName }: { onNavigate?: () => void; itemClassName?: string }) {
  const { t } = useTranslation("public");
  return MENU_ITEMS.map((item) => (
    <Button key={item.key} asChild variant="ghost" size="sm" className={itemClassName}>
      <Link to={item.to} onClick={onNavigate}>
        {t(`landing.nav.${item.key}`)}
      </Link>
    </Button>
  ));
}

/** From 768 px: the menu's links in the header bar. */
export function PublicMenuBar() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("layout.mainMenu")} className="mr-2 hidden items-center gap-1 md:flex">
      <MenuLinks />
    </nav>
  );
}

/**
 * Below 768 px: a disclosure button whose panel drops under the header, over the page (it takes no room in the flow,
 * so closing it after an anchor's jump does not move the section the visitor jumped to). Escape closes it and gives
 * the focus back to the button.
 */
export function PublicMenuToggle() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      document.getElementById(`${panelId}-button`)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, panelId]);

  return (
    <>
      <Button
        id={`${panelId}-button`}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t("layout.closeMenu") : t("layout.openMenu")}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden /> : <Menu aria-hidden />}
      </Button>
      <nav
        id={panelId}
        aria-label={t("layout.mainMenu")}
        hidden={!open}
        className={cn("absolute inset-x-0 top-full border-b bg-background p-3 shadow-md md:hidden", open && "flex")}
      >
        <div className="flex w-full flex-col gap-1">
          <MenuLinks onNavigate={() => setOpen(false)} itemClassName="justify-start" />
        </div>
      </nav>
    </>
  );
}
