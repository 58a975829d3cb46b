import { BookOpen, LifeBuoy, LogOut, Settings, ShieldCheck, UserRound } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { Me } from "../../lib/me.ts";
import { useSession } from "../../lib/session.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";
import { initials } from "./initials.ts";

/** The signed-in user's avatar menu (spec 000 §2): profile, settings, support, logout; super admins also reach the admin panel and the blog admin. */
export function AvatarMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();

  const logout = async () => {
    try {
      await signOut();
    } finally {
      // Even when the server cannot be told, the user leaves for the landing page (spec 000 §4).
      void navigate("/home", { replace: true });
    }
  };
  const displayName = me.user.name?.trim() || me.user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9 rounded-full p-0">
          {/* Named by its content, not aria-label: the visible initials must not contradict the name (WCAG 2.5.3). */}
          <span className="sr-only">{t("layout.userMenu", { name: displayName })}</span>
          <span
            className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            aria-hidden
          >
            {initials(me.user.name, me.user.email)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
          <span className="truncate font-semibold">{displayName}</span>
          {displayName !== me.user.email ? (
            <span className="truncate text-xs text-muted-foreground">{me.user.email}</span>
          ) : null}
          {me.isSuperAdmin ? (
            <Badge variant="secondary" className="w-fit">
              {t("layout.superAdmin")}
            </Badge>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden />
            {t("nav.account")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden />
            {t("nav.settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/support">
            <LifeBuoy aria-hidden />
            {t("nav.support")}
          </Link>
        </DropdownMenuItem>
        {me.isSuperAdmin ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <ShieldCheck aria-hidden />
                {t("nav.admin")}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/blog-admin">
                <BookOpen aria-hidden />
                {t("nav.blogAdmin")}
              </Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t("layout.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
