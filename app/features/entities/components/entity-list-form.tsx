import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import {
  ENTITY_PROPERTY_TYPES,
  type EntityProperty,
  type EntityPropertyType,
} from "../../../../shared/entities/entity-schemas.ts";
import type { EntityListDto } from "../../../../shared/entities/entity-dtos.ts";
import { useCreateEntityList } from "../api/entity-setup-api.ts";

const SELECT_CLASS = "h-10 rounded-md border border-input bg-background px-2 text-sm";

/** A new entity list of the application owner's: a name and typed properties; the server checks the names. */
export function EntityListForm({
  applicationId,
  onCreated,
}: {
  applicationId: string;
  onCreated: (list: EntityListDto) => void;
}) {
  const { t } = useTranslation("entities");
  const id = useId();
  const create = useCreateEntityList(applicationId);
  const [name, setName] = useState("");
  const [properties, setProperties] = useState<EntityProperty[]>([{ name: "", type: "text" }]);

  const change = (index: number, patch: Partial<EntityProperty>) =>
    setProperties((list) => list.map((property, at) => (at === index ? { ...property, ...patch } : property)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, properties: properties.filter((property) => property.name.trim() !== "") },
      {
        onSuccess: (list) => {
          setName("");
          setProperties([{ name: "", type: "text" }]);
          onCreated(list);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        {t("setup.newList")}
      </h3>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>{t("setup.listName")}</Label>
        <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t("setup.properties")}</legend>
        <p className="text-sm text-muted-foreground">{t("setup.propertiesHint")}</p>
        {properties.map((property, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2">
            <Input
              className="w-48"
              aria-label={t("setup.propertyName", { n: index + 1 })}
              value={property.name}
              onChange={(event) => change(index, { name: event.target.value })}
            />
            <select
              aria-label={t("setup.propertyType", { n: index + 1 })}
              className={SELECT_CLASS}
              value={property.type}
              onChange={(event) => change(index, { type: event.target.value as EntityPropertyType })}
            >
              {ENTITY_PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`setup.type.${type}`)}
                </option>
              ))}
            </select>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t("setup.removeProperty", { n: index + 1 })}
              onClick={() => setProperties((list) => list.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setProperties((list) => [...list, { name: "", type: "text" }])}
        >
          <Plus aria-hidden />
          {t("setup.addProperty")}
        </Button>
      </fieldset>
      {create.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorText(t, create.error)}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t("setup.creating") : t("setup.createList")}
      </Button>
    </form>
  );
}
