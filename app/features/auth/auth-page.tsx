import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, ShieldAlert } from "lucide-react";
import { useSession } from "../../lib/session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { LoadingScreen } from "../../components/routing/loading-screen.tsx";
import { LoginForm } from "./login-form.tsx";

// Most visits sign in: the wizard (selects, address lookup, strength meter) and the recovery form load when their tab
// opens, so the first screen waits only for the login form.
const RegisterWizard = lazy(() =>
  import("./register-wizard.tsx").then((module) => ({ default: module.RegisterWizard })),
);
const RecoverForm = lazy(() => import("./recover-form.tsx").then((module) => ({ default: module.RecoverForm })));

export type AuthTab = "login" | "register" | "recover";
const TABS: readonly AuthTab[] = ["login", "register", "recover"];

function tabFromState(state: unknown): AuthTab {
  const tab = (state as { activeTab?: unknown } | null)?.activeTab;
  return TABS.includes(tab as AuthTab) ? (tab as AuthTab) : "login";
}

/**
 * /auth (spec 000 §2): login and register tabs plus the hidden recover tab. Router state `activeTab` picks the
 * tab; `?reauth=true` ends the current session first; an existing session is sent to /.
 */
export default function AuthPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const reauth = searchParams.get("reauth") === "true";
  const { status, verified, signOut } = useSession();
  // A navigation to /auth with new router state picks its tab again; clicks switch within the same visit.
  const [chosen, setChosen] = useState<{ key: string; tab: AuthTab } | null>(null);
  const tab = chosen?.key === location.key ? chosen.tab : tabFromState(location.state);
  const setTab = (next: AuthTab) => setChosen({ key: location.key, tab: next });
  const [login, setLogin] = useState<{ email: string; notice?: string; key: number }>({ email: "", key: 0 });

  // Only the session found on arrival redirects, once the server has confirmed it (a copy stored on the device may be
  // one it has ended); signing in here runs its own hand-off first.
  const arrival = useRef(true);
  useEffect(() => {
    if (!verified || !arrival.current) return;
    arrival.current = false;
    if (reauth) void signOut();
    else if (status === "authenticated") void navigate("/", { replace: true });
  }, [status, verified, reauth, signOut, navigate]);

  const showLogin = (email: string, notice?: string) => {
    setLogin((current) => ({ email, notice, key: current.key + 1 }));
    setTab("login");
  };

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 py-4 sm:py-8">
      <Button asChild variant="ghost" className="w-fit">
        <Link to="/">
          <ArrowLeft aria-hidden />
          {t("back")}
        </Link>
      </Button>
      {reauth ? (
        <Alert variant="warning">
          <ShieldAlert aria-hidden />
          <div>
            <AlertTitle>{t("reauth.title")}</AlertTitle>
            <AlertDescription>{t("reauth.description")}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle level={1} className="text-2xl">
            {t("title")}
          </CardTitle>
          <CardDescription>{t("subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            {tab === "recover" ? null : (
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">{t("tabs.login")}</TabsTrigger>
                <TabsTrigger value="register">{t("tabs.register")}</TabsTrigger>
              </TabsList>
            )}
            <TabsContent value="login">
              <LoginForm
                key={login.key}
                defaultEmail={login.email}
                notice={login.notice}
                onForgotPassword={() => setTab("recover")}
              />
            </TabsContent>
            <TabsContent value="register">
              <Suspense fallback={<LoadingScreen />}>
                <RegisterWizard onAlreadyRegistered={(email) => showLogin(email, t("register.errors.emailExists"))} />
              </Suspense>
            </TabsContent>
            <TabsContent value="recover">
              <Suspense fallback={<LoadingScreen />}>
                <RecoverForm onBackToLogin={() => setTab("login")} />
              </Suspense>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
