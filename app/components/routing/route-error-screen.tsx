import { useEffect } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { AppErrorScreen } from "./app-error-screen.tsx";

/**
 * The route table's error boundary. React Router catches what a page throws as it renders (or a page's chunk that
 * fails to load) before the app's own boundary could, and would show its own English developer screen: this shows
 * the spec's full-page message instead. 'Tentar Recuperar' navigates to the same address again, which clears the
 * error and loads the page anew.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => console.error("Unexpected UI error", error), [error]);
  return <AppErrorScreen onRecover={() => void navigate(location, { replace: true })} />;
}
