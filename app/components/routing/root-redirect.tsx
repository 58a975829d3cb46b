import { Navigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { LoadingScreen } from "./loading-screen.tsx";
import { isInstalledDisplay } from "./display-mode.ts";

/** `/`: signed-in users go to /applications; anonymous ones to /auth in the installed app, else /home. */
export function RootRedirect() {
  const { status } = useSession();
  if (status === "loading") return <LoadingScreen />;
  if (status === "authenticated") return <Navigate to="/applications" replace />;
  return <Navigate to={isInstalledDisplay() ? "/auth" : "/home"} replace />;
}
