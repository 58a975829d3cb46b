import { LogIn } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";
import { Button } from "../ui/button.tsx";
import { deferredControl } from "./deferred-control.tsx";

// The avatar menu (Radix) is a chunk of its own: a visitor's pages never load it.
const AvatarMenu = deferredControl(() => import("./avatar-menu.tsx").then((module) => module.AvatarMenu), "size-9");

/** The avatar menu of a signed-in user, or the login button for a visitor (spec 000 §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, me } = useSession();

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
  return <AvatarMenu me={me} />;
}
