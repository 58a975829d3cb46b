import { Navigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { isInstalledDisplay } from "../../components/routing/display-mode.ts";
import { LoadingScreen } from "../../components/routing/loading-screen.tsx";
import { LandingPage } from "./landing/landing-page.tsx";
import { useScrollToHash } from "./landing/use-scroll-to-hash.ts";

/**
 * /home: the public landing page and the way in for signed-out visitors. The installed app has no use for a
 * marketing page, so it goes on to the apps or the sign-in screen (spec 000 §2 root redirect).
 */
export default function HomePage() {
  const { status } = useSession();
  useScrollToHash();
  if (isInstalledDisplay()) {
    if (status === "loading") return <LoadingScreen />;
    return <Navigate to={status === "authenticated" ? "/applications" : "/auth"} replace />;
  }
  return <LandingPage />;
}
