import { Navigate, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.tsx";
import { LoadingScreen } from "./loading-screen.tsx";

/** Spec 000 §2: while loading 'Verificando autenticação...'; no user → /home (replace). */
export function ProtectedRoute() {
  const { status } = useSession();
  const { t } = useTranslation();
  if (status === "loading") return <LoadingScreen label={t("guard.checking")} detail={t("guard.checkingDetail")} />;
  if (status === "anonymous") return <Navigate to="/home" replace />;
  return <Outlet />;
}
