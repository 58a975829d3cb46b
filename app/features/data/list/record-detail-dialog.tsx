import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MapPin, Pencil, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { formatCoordinates, gpsValueOf, isAnswered, mediaRefOf, type RecordField } from "../../../../shared/records/answer-format.ts";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import { useAnswerText } from "../use-answer-text.ts";

interface RecordDetailDialogProps {
  record: RecordView | null;
  fields: RecordField[];
  canEdit: boolean;
  canDelete: boolean;
  onEdit(record: RecordView): void;
  onDelete(record: RecordView): void;
  onClose(): void;
  /** Shown under the answers (the record's review and history). */
  children?: ReactNode;
}

export function AnswerValue({ field, value }: { field: RecordField; value: unknown }) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  if (!isAnswered(value)) return <span className="text-muted-foreground">{t("detail.noAnswer")}</span>;
  if (field.fieldType === "photo" || field.fieldType === "signature") {
    const media = mediaRefOf(value);
    if (!media) return <span>{JSON.stringify(value)}</span>;
    const src = `/api/attachments/${encodeURIComponent(media.attachmentId)}`;
    return (
      <a href={src} target="_blank" rel="noreferrer">
        <img src={src} alt={field.label} loading="lazy" className={field.fieldType === "signature" ? "max-h-32 rounded border border-border bg-white" : "max-h-64 rounded border border-border"} />
      </a>
    );
  }
  if (field.fieldType === "gps") {
    const gps = gpsValueOf(value);
    if (gps) return <span>{gps.accuracy === undefined ? formatCoordinates(gps.latitude, gps.longitude) : t("detail.gpsWithAccuracy", { coordinates: formatCoordinates(gps.latitude, gps.longitude), accuracy: Math.round(gps.accuracy) })}</span>;
  }
  return <span className="whitespace-pre-wrap break-words">{format.answer(field, value)}</span>;
}

/** Every answer of one record, formatted by type and language, with its media, location and actions. */
export function RecordDetailDialog({ record, fields, canEdit, canDelete, onEdit, onDelete, onClose, children }: RecordDetailDialogProps) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {record && (
          <>
            <DialogHeader>
              <DialogTitle>{t("detail.title")}</DialogTitle>
              <DialogDescription>
                {t("detail.meta", { date: format.dateTime(record.createdAt), submitter: record.submitter?.name || record.submitter?.email || t("list.unknownSubmitter") })}
              </DialogDescription>
            </DialogHeader>
            <dl className="space-y-3" data-testid="record-detail">
              {fields.map((field) => (
                <div key={field.id} className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                  <dt className="text-sm font-medium">
                    {field.label} {field.removed && <Badge variant="outline">{t("detail.removedBadge")}</Badge>}
                  </dt>
                  <dd className="text-sm">
                    <AnswerValue field={field} value={record.answers[field.id]} />
                  </dd>
                </div>
              ))}
              <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
                <dt className="flex items-center gap-1 text-sm font-medium">
                  <MapPin className="size-4" aria-hidden /> {t("detail.location")}
                </dt>
                <dd className="text-sm">
                  {record.location
                    ? record.location.accuracy === null
                      ? formatCoordinates(record.location.latitude, record.location.longitude)
                      : t("detail.gpsWithAccuracy", { coordinates: formatCoordinates(record.location.latitude, record.location.longitude), accuracy: Math.round(record.location.accuracy) })
                    : t("detail.noLocation")}
                </dd>
              </div>
              {record.updatedAt !== record.createdAt && (
                <p className="text-xs text-muted-foreground">{t("detail.updated", { date: format.dateTime(record.updatedAt) })}</p>
              )}
            </dl>
            {(canEdit || canDelete) && (
              <div className="flex flex-wrap justify-end gap-2 pt-2">
                {canDelete && (
                  <Button variant="destructive" onClick={() => onDelete(record)}>
                    <Trash2 /> {t("detail.delete")}
                  </Button>
                )}
                {canEdit && (
                  <Button onClick={() => onEdit(record)}>
                    <Pencil /> {t("detail.edit")}
                  </Button>
                )}
              </div>
            )}
            {children}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
