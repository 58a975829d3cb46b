import { Link, Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { AppWindow, BarChart3, CircleDollarSign, Mail, Send, ShieldAlert, Users } from "lucide-react";
import { Alert, AlertTitle } from "../../../components/ui/alert.tsx";
import { cn } from "../../../lib/cn.ts";
import { useSession } from "../../../lib/session.tsx";

const TABS = [
  { to: "/admin", key: "users", icon: Users },
  { to: "/admin/applications", key: "applications", icon: AppWindow },
  { to: "/admin/messages", key: "messages", icon: Mail },
  { to: "/admin/emails", key: "emails", icon: Send },
  { to: "/admin/analytics", key: "analytics", icon: BarChart3 },
  { to: "/admin/revenue", key: "revenue", icon: CircleDollarSign },
] as const;

/** The users tab covers the list (/admin) and each user's page (/admin/users/:id). */
function isTabActive(to: string, pathname: string): boolean {
  if (to === "/admin") return pathname === "/admin" || pathname.startsWith("/admin/users");
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** /admin: the panel's title and tab bar around the section shown. The server refuses every call to non super admins. */
export default function AdminLayoutPage() {
  const { t } = useTranslation("admin");
  const { me } = useSession();
  const { pathname } = useLocation();
  if (!me?.isSuperAdmin) {
    return (
      <Alert variant="destructive">
        <ShieldAlert aria-hidden />
        <AlertTitle>{t("forbidden")}</AlertTitle>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      <nav aria-label={t("tabs.label")} className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b px-1">
          {TABS.map(({ to, key, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                aria-current={isTabActive(to, pathname) ? "page" : undefined}
                className={cn(
                  "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                  isTabActive(to, pathname)
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {t(`tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
