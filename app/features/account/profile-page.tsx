import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { Alert, AlertDescription } from "../../components/ui/alert.tsx";
import { BRAZILIAN_STATES } from "../../../shared/accounts/brazilian-states.ts";
import { useProfile, type Profile } from "./account-api.ts";
import { ProfileForm } from "./profile-form.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

/** /profile (spec 000 §2): the account's registration data, editable, and account deletion. */
export default function ProfilePage() {
  const { t } = useTranslation(["account", "auth"]);
  const [editing, setEditing] = useState(false);
  const query = useProfile();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("profile.title")}</h1>
        <p className="text-muted-foreground">{t("profile.subtitle")}</p>
      </div>
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <CardTitle>{t("profile.dataTitle")}</CardTitle>
            <CardDescription>{query.data?.email}</CardDescription>
          </div>
          {query.data && !editing ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              {t("profile.edit")}
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          {isUnavailableOffline(query) ? <OfflineUnavailable onRetry={() => query.refetch()} /> : null}
          {query.isPending && !isUnavailableOffline(query) ? <Skeleton className="h-48 w-full" /> : null}
          {query.isError && !isUnavailableOffline(query) ? (
            <Alert variant="destructive">
              <AlertDescription>{t("profile.loadFailed")}</AlertDescription>
            </Alert>
          ) : null}
          {query.data ? (
            editing ? (
              <ProfileForm profile={query.data} onDone={() => setEditing(false)} />
            ) : (
              <ProfileView profile={query.data} />
            )
          ) : null}
        </CardContent>
      </Card>
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle>{t("delete.title")}</CardTitle>
          <CardDescription>{t("delete.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["account", "auth"]);
  const state = BRAZILIAN_STATES.find((s) => s.code === profile.estado)?.name ?? profile.estado;
  const address = [
    profile.logradouro && `${profile.logradouro}, ${profile.numero}`,
    profile.cidade,
    state,
    profile.pais,
  ]
    .filter(Boolean)
    .join(" · ");
  const rows: [string, string][] = [
    [t("auth:fields.name"), profile.name],
    [t("auth:fields.email"), profile.email],
    [t("auth:fields.celular"), profile.celular],
    [t("profile.address"), address],
    [t("auth:fields.empresa"), profile.empresa],
    [t("auth:fields.tamanhoEmpresa"), profile.tamanhoEmpresa ? t(`auth:companySizes.${profile.tamanhoEmpresa}`) : ""],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col gap-1">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value || t("profile.notSet")}</dd>
        </div>
      ))}
    </dl>
  );
}
