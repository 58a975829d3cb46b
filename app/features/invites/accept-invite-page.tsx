import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { AlertCircle, CheckCircle2, Clock, Loader2, UserCheck, Users } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ApiClientError } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import type { InviteValidation } from "../../../shared/team/team-dtos.ts";
import type { InviteLoginInput, InviteSignUpInput } from "../../../shared/team/team-schemas.ts";
import { refusalToastKey, statusOfValidation, type AcceptStatus } from "./accept-state.ts";
import { InviteLoginForm, InviteSignUpForm } from "./invite-forms.tsx";
import { queryKeyOf, resourceKey } from "../../lib/api-call.ts";
import { listApplications } from "../../../shared/api/contracts/applications.ts";
import { getMyPermissions } from "../../../shared/api/contracts/me.ts";
import { invitesApi } from "./invites-api.ts";
import { apiErrorText } from "../../lib/api-error-text.ts";

/** Spec 000 §4: after acceptance the browser goes to / after 1200 ms. */
const REDIRECT_MS = 1200;

const ERROR_STATUSES = new Set<AcceptStatus>(["error", "invalid"]);
/** The invite sign-up refuses a token the way accepting would: the card then shows why. */
const INVITE_REFUSALS = new Set(["INVITE_INVALID", "INVITE_EXPIRED", "ALREADY_MEMBER"]);

/** /accept-invite?token=…: check the invite, get the invitee signed in (or signed up), accept, go home. */
export default function AcceptInvitePage() {
  const { t } = useTranslation("invites");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [status, setStatus] = useState<AcceptStatus>(token ? "loading" : "invalid");
  const [validation, setValidation] = useState<InviteValidation | null>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const started = useRef(false);

  /** A refused accept (or invite sign-up) re-checks the token so the card shows why (expired, already a member, invalid). */
  const showRefusal = useCallback(
    async (failure: unknown) => {
      let next: AcceptStatus = "error";
      try {
        const again = await invitesApi.validate(token);
        setValidation(again);
        if (!again.isValid) next = statusOfValidation(again);
      } catch {
        next = "error";
      }
      const unexpected = next === "error" && !(failure instanceof ApiClientError);
      toast.error(
        unexpected ? t("toasts.unexpected") : t(refusalToastKey(next)),
        next === "error" ? { description: t("toasts.tryAgain") } : undefined,
      );
      setErrorText(next === "error" && failure instanceof ApiClientError ? apiErrorText(t, failure) : null);
      setStatus(next);
    },
    [token, t],
  );

  const accept = useCallback(async () => {
    setStatus("loading");
    try {
      await invitesApi.accept(token);
    } catch (failure) {
      await showRefusal(failure);
      return;
    }
    setStatus("accepted");
    toast.success(t("toasts.accepted"), { description: t("toasts.acceptedDescription") });
    // New roles: the session's permissions and every cached application list are stale now.
    await Promise.all([
      session.refresh(),
      queryClient.invalidateQueries({ queryKey: resourceKey(listApplications.path) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(getMyPermissions, {}) }),
    ]);
    window.setTimeout(() => void navigate("/", { replace: true }), REDIRECT_MS);
  }, [token, t, session, queryClient, navigate, showRefusal]);

  useEffect(() => {
    // A session stored on the device waits for the server's word before it accepts anything in the user's name.
    if (started.current || !token || !session.verified) return;
    started.current = true;
    invitesApi.validate(token).then(
      (result) => {
        setValidation(result);
        const next = statusOfValidation(result);
        const signedInAsInvitee =
          session.me && result.invite && session.me.user.email.toLowerCase() === result.invite.email.toLowerCase();
        if (next === "need_login" && signedInAsInvitee) void accept();
        else setStatus(next);
      },
      (failure: unknown) => {
        if (failure instanceof ApiClientError && failure.code === "VALIDATION_FAILED") setStatus("invalid");
        else setStatus("error");
      },
    );
  }, [token, session.verified, session.me, accept]);

  const invite = validation?.invite ?? null;

  const signUp = async (values: InviteSignUpInput) => {
    if (!invite) return;
    try {
      await invitesApi.signUp({ token, name: values.name, password: values.password });
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.code === "EMAIL_ALREADY_REGISTERED") {
        toast.info(t("toasts.accountExists"), { description: t("toasts.accountExistsDescription") });
        setValidation({ ...validation!, hasAccount: true });
        setStatus("need_login");
        return;
      }
      if (failure instanceof ApiClientError && INVITE_REFUSALS.has(failure.code)) {
        await showRefusal(failure);
        return;
      }
      if (failure instanceof ApiClientError)
        toast.error(t("toasts.signUpFailed"), { description: apiErrorText(t, failure) });
      else toast.error(t("toasts.unexpected"), { description: t("toasts.tryAgain") });
      return;
    }
    await accept();
  };

  const logIn = async (values: InviteLoginInput) => {
    if (!invite) return;
    try {
      await invitesApi.signIn({ email: invite.email, password: values.password });
    } catch (failure) {
      const wrong = !(failure instanceof ApiClientError) || failure.code === "INVALID_CREDENTIALS";
      toast.error(t("toasts.loginFailed"), {
        description: wrong ? t("toasts.loginFailedDescription") : apiErrorText(t, failure),
      });
      return;
    }
    await accept();
  };

  const isError = ERROR_STATUSES.has(status);
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-6">
      <Card data-status={status}>
        <CardHeader className="items-center text-center">
          <div
            className={
              isError
                ? "rounded-full bg-destructive/10 p-3 text-destructive"
                : "rounded-full bg-primary/10 p-3 text-primary"
            }
          >
            {isError ? <AlertCircle className="size-6" aria-hidden /> : <Users className="size-6" aria-hidden />}
          </div>
          <CardTitle>{isError ? t("card.errorTitle") : t("card.title")}</CardTitle>
          {invite && (status === "need_login" || status === "need_signup") ? (
            <CardDescription>{t("card.invitedBy", { owner: invite.ownerName, name: invite.name })}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {status === "loading" ? (
            <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              {t("card.loading")}
            </p>
          ) : null}

          {invite && (status === "need_login" || status === "need_signup") ? (
            <>
              <div className="rounded-md border bg-muted/40 p-3 text-sm">
                <p className="mb-1 font-medium">{t("card.applications")}</p>
                <ul className="flex flex-col gap-0.5">
                  {invite.applications.map((app) => (
                    <li key={app.id}>
                      {app.name} — <span className="text-muted-foreground">{t(`common:roles.${app.role}`)}</span>
                    </li>
                  ))}
                </ul>
              </div>
              {status === "need_signup" ? (
                <>
                  <p className="text-sm text-muted-foreground">{t("card.needSignup")}</p>
                  <InviteSignUpForm
                    email={invite.email}
                    defaultName={invite.name}
                    onSubmit={signUp}
                    onSwitch={validation?.hasAccount ? () => setStatus("need_login") : undefined}
                  />
                </>
              ) : (
                <>
                  <p className="text-sm text-muted-foreground">{t("card.needLogin")}</p>
                  <InviteLoginForm
                    email={invite.email}
                    onSubmit={logIn}
                    onSwitch={validation?.hasAccount ? undefined : () => setStatus("need_signup")}
                  />
                </>
              )}
            </>
          ) : null}

          {status === "accepted" ? (
            <div className="flex flex-col items-center gap-2 text-center" role="status">
              <CheckCircle2 className="size-10 text-success" aria-hidden />
              <p className="font-medium">{t("card.accepted")}</p>
              <p className="text-sm text-muted-foreground">{t("toasts.acceptedDescription")}</p>
            </div>
          ) : null}

          {status === "expired" ? (
            <div className="flex flex-col items-center gap-3 text-center">
              <Clock className="size-10 text-warning" aria-hidden />
              <p className="font-medium">{t("card.expired")}</p>
              <p className="text-sm text-muted-foreground">{t("card.expiredText")}</p>
              <Button asChild variant="outline">
                <Link to="/home">{t("card.toHome")}</Link>
              </Button>
            </div>
          ) : null}

          {status === "already_member" ? (
            <div className="flex flex-col items-center gap-3 text-center">
              <UserCheck className="size-10 text-primary" aria-hidden />
              <p className="font-medium">{t("card.alreadyMember")}</p>
              <p className="text-sm text-muted-foreground">{t("card.alreadyMemberText")}</p>
              <Button asChild>
                <Link to="/">{t("card.toApp")}</Link>
              </Button>
            </div>
          ) : null}

          {status === "invalid" ? (
            <div className="flex flex-col gap-3">
              <p className="font-medium">{t("card.invalid")}</p>
              <p className="text-sm text-muted-foreground">{t("card.invalidCauses")}</p>
              <ul className="list-disc pl-5 text-sm text-muted-foreground">
                <li>{t("card.causes.copied")}</li>
                <li>{t("card.causes.newer")}</li>
                <li>{t("card.causes.cancelled")}</li>
                <li>{t("card.causes.corrupted")}</li>
              </ul>
              <Button asChild variant="outline">
                <Link to="/home">{t("card.toHome")}</Link>
              </Button>
            </div>
          ) : null}

          {status === "error" ? (
            <div className="flex flex-col gap-3 text-center">
              <p className="font-medium">{t("card.error")}</p>
              <p className="text-sm text-muted-foreground">{errorText ?? t("toasts.tryAgain")}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => window.location.reload()}>{t("card.reload")}</Button>
                <Button asChild variant="outline">
                  <Link to="/home">{t("card.toHome")}</Link>
                </Button>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
