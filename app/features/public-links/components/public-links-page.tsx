import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { ArrowLeft, Link2, Lock, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { BlockedState } from "../../../components/blocked-state.tsx";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { PUBLIC_LINK_NAME_MAX } from "../../../../shared/public-links/public-link-dtos.ts";
import { useCreatePublicLink, usePublicLinks } from "../api/public-links-api.ts";
import { LinkCard } from "./link-card.tsx";

/** /applications/:id/public-links: the links anyone can answer the form from, for the application's administrators. */
export default function PublicLinksPage() {
  const { t } = useTranslation("public-links");
  const applicationId = useParams().id ?? "";
  const links = usePublicLinks(applicationId);

  if (links.error instanceof ApiClientError && (links.error.status === 403 || links.error.status === 404)) {
    return (
      <BlockedState
        icon={Lock}
        title={t("admin.noPermissionTitle")}
        message={t("admin.noPermission")}
        backTo="/applications"
        backLabel={t("admin.toApplications")}
      />
    );
  }

  let content;
  if (isUnavailableOffline(links)) content = <OfflineUnavailable onRetry={() => links.refetch()} />;
  else if (links.isPending) content = <Skeleton className="h-32 w-full" aria-busy="true" />;
  else if (links.isError)
    content = (
      <LoadFailed
        title={t("admin.loadFailed")}
        retryLabel={t("visitor.retry")}
        onRetry={() => void links.refetch()}
        retrying={links.isFetching}
      />
    );
  else if (links.data.length === 0)
    content = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Link2 className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t("admin.empty")}</p>
      </div>
    );
  else
    content = (
      <ul className="flex flex-col gap-4">
        {links.data.map((link) => (
          <li key={link.id}>
            <LinkCard applicationId={applicationId} link={link} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Button variant="ghost" size="sm" className="self-start" asChild>
        <Link to="/applications">
          <ArrowLeft aria-hidden />
          {t("admin.toApplications")}
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("admin.title")}</h1>
        <p className="text-muted-foreground">{t("admin.intro")}</p>
      </div>
      <NewLinkForm applicationId={applicationId} />
      {content}
    </div>
  );
}

function NewLinkForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation("public-links");
  const create = useCreatePublicLink(applicationId);
  const [name, setName] = useState("");
  const [expires, setExpires] = useState("");
  const [cap, setCap] = useState("");
  const [onePerDevice, setOnePerDevice] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        expiresAt: expires ? new Date(expires).toISOString() : null,
        maxRecords: cap ? Number(cap) : null,
        oneRecordPerDevice: onePerDevice,
      },
      {
        onSuccess: () => {
          setName("");
          setExpires("");
          setCap("");
          setOnePerDevice(false);
          toast.success(t("admin.created"));
        },
        onError: (error) => toast.error(apiErrorText(t, error)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="link-name">{t("admin.name")}</Label>
        <Input
          id="link-name"
          required
          maxLength={PUBLIC_LINK_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t("admin.namePlaceholder")}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="link-expires">{t("admin.expiresOptional")}</Label>
        <Input
          id="link-expires"
          type="datetime-local"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="link-cap">{t("admin.capOptional")}</Label>
        <Input
          id="link-cap"
          type="number"
          inputMode="numeric"
          min={1}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
        />
      </div>
      <div className="flex items-center gap-2 sm:col-span-2">
        <Checkbox
          id="link-one-per-device"
          checked={onePerDevice}
          onCheckedChange={(checked) => setOnePerDevice(checked === true)}
        />
        <Label htmlFor="link-one-per-device">{t("admin.onePerDeviceOption")}</Label>
      </div>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={create.isPending || !name.trim()}>
        <Plus aria-hidden />
        {t("admin.create")}
      </Button>
    </form>
  );
}
