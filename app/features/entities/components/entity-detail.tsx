import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { EntityDetailDto, EntityListDto } from "../../../../shared/entities/entity-dtos.ts";
import type { EntityValue } from "../../../../shared/entities/entity-schemas.ts";
import { useEntityDetail, useResolveEntity } from "../api/entities-api.ts";
import { conflictChoices } from "../logic/conflict-choices.ts";

function shownValue(value: EntityValue | undefined, empty: string): string {
  return value === null || value === undefined || value === "" ? empty : String(value);
}

/** One entity: its values, the conflict banner with its resolution, and every version with the record that made it. */
export function EntityDetail({
  applicationId,
  entityId,
  list,
}: {
  applicationId: string;
  entityId: string;
  list: EntityListDto;
}) {
  const { t } = useTranslation("entities");
  const detail = useEntityDetail(applicationId, entityId);
  if (detail.isPending) return <Skeleton className="h-48 w-full" aria-busy="true" />;
  if (detail.isError) return <p className="text-destructive">{t("loadFailed")}</p>;
  const { entity, history } = detail.data;
  const empty = t("empty");
  return (
    <section aria-labelledby="entity-title" className="flex flex-col gap-4 rounded-lg border bg-card p-4">
      <h2 id="entity-title" className="text-xl font-semibold">
        {entity.label}
      </h2>
      {entity.conflict ? (
        <ConflictResolution key={entity.version} applicationId={applicationId} detail={detail.data} list={list} />
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {list.properties.map((property) => (
          <div key={property.name} className="contents">
            <dt className="text-muted-foreground">{property.name}</dt>
            <dd data-property={property.name}>{shownValue(entity.properties[property.name], empty)}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">{t("version")}</dt>
        <dd>{entity.version}</dd>
      </dl>
      <h3 className="font-semibold">{t("history")}</h3>
      <ol className="flex flex-col gap-2">
        {[...history].reverse().map((row) => (
          <li key={row.version} className="rounded-md border p-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t("versionN", { version: row.version })}</span>
              <span className="text-muted-foreground">{t(`source.${row.source}`)}</span>
              {row.baseVersion !== null ? (
                <span className="text-muted-foreground">{t("madeFrom", { version: row.baseVersion })}</span>
              ) : null}
              {row.conflict ? <Badge variant="warning">{t("conflict")}</Badge> : null}
              <time className="text-muted-foreground" dateTime={row.createdAt}>
                {new Date(row.createdAt).toLocaleString()}
              </time>
            </div>
            <p>
              {Object.entries(row.changes)
                .map(([name, value]) => `${name}: ${shownValue(value, empty)}`)
                .join(" · ") || empty}
            </p>
            {row.recordId && row.applicationId ? (
              <Link className="underline" to={`/applications/${row.applicationId}/data?record=${row.recordId}`}>
                {t("openRecord")}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The banner of an entity in conflict: one value chosen per property (the current one by default), then resolved. */
function ConflictResolution({
  applicationId,
  detail,
  list,
}: {
  applicationId: string;
  detail: EntityDetailDto;
  list: EntityListDto;
}) {
  const { t } = useTranslation("entities");
  const resolve = useResolveEntity(applicationId, detail.entity.id);
  const choices = conflictChoices(detail);
  const contested = list.properties.filter((property) => (choices.get(property.name)?.length ?? 0) > 1);
  const [chosen, setChosen] = useState<Record<string, number>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const properties: Record<string, EntityValue> = {};
    for (const property of contested)
      properties[property.name] = choices.get(property.name)?.[chosen[property.name] ?? 0] ?? null;
    // Not mutate()'s own callbacks: the refetch that follows a resolution unmounts this banner (the conflict is gone),
    // and TanStack Query then skips them, so the confirmation would be lost.
    resolve.mutateAsync({ version: detail.entity.version, label: detail.entity.label, properties }).then(
      () => toast.success(t("resolved")),
      (error: unknown) => toast.error(apiErrorText(t, error)),
    );
  };

  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden />
      <AlertTitle>{t("conflictTitle")}</AlertTitle>
      <AlertDescription>
        <p>{t("conflictText")}</p>
        <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
          {contested.map((property) => (
            <fieldset key={property.name} className="flex flex-col gap-1">
              <legend className="font-medium">{property.name}</legend>
              {(choices.get(property.name) ?? []).map((value, index) => (
                <label key={index} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`resolve-${property.name}`}
                    checked={(chosen[property.name] ?? 0) === index}
                    onChange={() => setChosen((previous) => ({ ...previous, [property.name]: index }))}
                  />
                  {shownValue(value, t("empty"))}
                </label>
              ))}
            </fieldset>
          ))}
          <Button type="submit" className="self-start" disabled={resolve.isPending}>
            {t("resolve")}
          </Button>
        </form>
      </AlertDescription>
    </Alert>
  );
}
