import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Check, Trash2, Upload } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { TEAM_LAYER_DEFAULT_COLOR, type TeamLayerDto } from "../../../../shared/map/team-layer.ts";
import { useTeamLayerAdmin } from "./team-layers-api.ts";

/** A file's name without its extension: the layer's name until the administrator types another. */
const stem = (fileName: string) => fileName.replace(/\.[^.]+$/, "");

function UploadForm({ onUpload, pending }: { onUpload(form: UploadInput): void; pending: boolean }) {
  const { t } = useTranslation("offline-maps");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [color, setColor] = useState(TEAM_LAYER_DEFAULT_COLOR);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) onUpload({ file, name: name.trim() || stem(file.name), color });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} aria-label={t("layers.upload")}>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-file`}>{t("layers.file")}</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>{t("layers.name")}</Label>
          <Input
            id={`${id}-name`}
            value={name}
            placeholder={file ? stem(file.name) : ""}
            onChange={(event) => setName(event.target.value)}
            maxLength={120}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-color`}>{t("layers.color")}</Label>
          <Input
            id={`${id}-color`}
            type="color"
            className="h-10 w-16 p-1"
            value={color}
            onChange={(event) => setColor(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={!file || pending}>
          <Upload aria-hidden />
          {t("layers.upload")}
        </Button>
      </div>
    </form>
  );
}

interface UploadInput {
  file: File;
  name: string;
  color: string;
}

function LayerRow({
  layer,
  canEdit,
  onSave,
  onRemove,
}: {
  layer: TeamLayerDto;
  canEdit: boolean;
  onSave(changes: { name: string; color: string }): void;
  onRemove(): void;
}) {
  const { t } = useTranslation("offline-maps");
  const [name, setName] = useState(layer.name);
  const [color, setColor] = useState(layer.color);
  const changed = name.trim() !== layer.name || color !== layer.color;
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-md border border-border p-3" data-testid="team-layer">
      <span aria-hidden className="size-4 shrink-0 rounded-sm" style={{ backgroundColor: layer.color }} />
      {canEdit ? (
        <>
          <Input
            className="h-9 min-w-0 flex-1"
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            aria-label={t("layers.rename", { name: layer.name })}
          />
          <Input
            type="color"
            className="h-9 w-12 p-1"
            value={color}
            onChange={(event) => setColor(event.target.value)}
            aria-label={t("layers.recolor", { name: layer.name })}
          />
        </>
      ) : (
        <span className="min-w-0 flex-1 font-medium">{layer.name}</span>
      )}
      <span className="text-sm text-muted-foreground">
        {t("layers.details", { format: layer.format.toUpperCase(), count: layer.featureCount })}
      </span>
      {canEdit && (
        <>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!changed || !name.trim()}
            onClick={() => onSave({ name: name.trim(), color })}
            aria-label={t("layers.save", { name: layer.name })}
          >
            <Check aria-hidden />
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={t("layers.remove", { name: layer.name })}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}

/**
 * An application's team layers (plots, routes, areas of work as GeoJSON or KML): its administrators upload, rename,
 * recolour and remove them; every member sees the list. Collectors' phones keep them with the form.
 */
export function TeamLayersCard({ applicationId, canEdit }: { applicationId: string; canEdit: boolean }) {
  const { t } = useTranslation("offline-maps");
  const admin = useTeamLayerAdmin(applicationId);
  const failure = admin.upload.error ?? admin.update.error ?? admin.remove.error;
  const upload = async ({ file, name, color }: UploadInput) =>
    admin.upload.mutate({ name, color, fileName: file.name, content: await file.text() });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("layers.title")}</CardTitle>
        <CardDescription>{t("layers.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {admin.layers.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("layers.empty")}</p>}
        {admin.layers.data && admin.layers.data.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={t("layers.title")}>
            {admin.layers.data.map((layer) => (
              <LayerRow
                key={`${layer.id}-${layer.name}-${layer.color}`}
                layer={layer}
                canEdit={canEdit}
                onSave={(changes) => admin.update.mutate({ id: layer.id, ...changes })}
                onRemove={() => admin.remove.mutate(layer.id)}
              />
            ))}
          </ul>
        )}
        {canEdit && <UploadForm onUpload={(input) => void upload(input)} pending={admin.upload.isPending} />}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorText(t, failure)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
