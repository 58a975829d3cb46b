import { LifeBuoy, LogIn, LogOut, Settings, UserRound } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu.tsx";
import { initials } from "./initials.ts";

/** The avatar menu of a signed-in user, or the login button for a visitor (spec 000 §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, me, signOut } = useSession();
  const navigate = useNavigate();

  if (status === "loading") return <span className="size-9" aria-hidden />;
  if (!me) {
    return (
      <Button asChild size="sm">
        <Link to="/home">
          <LogIn aria-hidden />
          {t("nav.login")}
        </Link>
      </Button>
    );
  }

  const logout = async () => {
    try {
      await signOut();
    } finally {
      // Even when the server cannot be told, the user leaves for the landing page (spec 000 §4).
      navigate("/home", { replace: true });
    }
  };
  const displayName = me.user.name?.trim() || me.user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9 rounded-full p-0" aria-label={t("layout.userMenu", { name: displayName })}>
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
            {initials(me.user.name, me.user.email)}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-1 font-normal">
          <span className="truncate font-semibold">{displayName}</span>
          {displayName !== me.user.email ? <span className="truncate text-xs text-muted-foreground">{me.user.email}</span> : null}
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
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t("layout.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
