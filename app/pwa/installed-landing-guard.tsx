import { Navigate, Outlet } from "react-router";
import { useSession } from "../lib/session.tsx";
import { isInstalledDisplay } from "../components/routing/display-mode.ts";
import { LoadingScreen } from "../components/routing/loading-screen.tsx";

/**
 * Spec 001 §2: the installed app has no use for the marketing landing page — it goes to the user's
 * applications when signed in, else to the login screen. In a browser tab /home shows as usual.
 */
export function InstalledLandingGuard() {
  const { status } = useSession();
  if (!isInstalledDisplay()) return <Outlet />;
  if (status === "loading") return <LoadingScreen />;
  return <Navigate to={status === "authenticated" ? "/applications" : "/auth"} replace />;
}
