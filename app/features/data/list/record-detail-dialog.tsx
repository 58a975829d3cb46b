import { useId, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MapPin, Pencil, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { UnavailableButton } from "../../../components/ui/unavailable-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import {
  formatCoordinates,
  gpsValueOf,
  isAnswered,
  mediaRefOf,
  type RecordField,
} from "../../../../shared/records/answer-format.ts";
import { detailItems, repeatEntries, type DetailItem } from "../../../../shared/records/record-layout.ts";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import { useAnswerText } from "../use-answer-text.ts";
import { isMediaFieldType } from "../../../../shared/fields/media-rules.ts";
import { MediaAnswer } from "./media-answer.tsx";
import { GeometryAnswer } from "./geometry-answer.tsx";
import { isGeometryValue } from "../../../components/form-fill/logic/geometry-draft.ts";
import { recordAuthor } from "./record-author.ts";
import { labelledAnswer } from "../../../../shared/forms/file-choice-labels.ts";
import { ChoiceLabelsProvider, useFieldChoiceLabels } from "./choice-labels-context.ts";
import { attachmentUrl } from "../../../lib/attachment-url.ts";

interface RecordDetailDialogProps {
  record: RecordView | null;
  fields: RecordField[];
  canEdit: boolean;
  /** Why this device does not offer the edit the viewer may make (a collector on a computer); null when it does. */
  editUnavailableReason: string | null;
  canDelete: boolean;
  onEdit(record: RecordView): void;
  onDelete(record: RecordView): void;
  onClose(): void;
  /** Shown under the answers (the record's review and history). */
  children?: ReactNode;
}

export function AnswerValue({
  field,
  value,
  compact = false,
}: {
  field: RecordField;
  value: unknown;
  compact?: boolean;
}) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const choiceLabels = useFieldChoiceLabels(field.id);
  if (!isAnswered(value)) return <span className="text-muted-foreground">{t("detail.noAnswer")}</span>;
  if (field.fieldType === "photo" || field.fieldType === "signature") {
    const media = mediaRefOf(value);
    if (!media) return <span>{JSON.stringify(value)}</span>;
    const src = attachmentUrl(media.attachmentId);
    const size = compact ? "max-h-20" : field.fieldType === "signature" ? "max-h-32" : "max-h-64";
    return (
      <a href={src} target="_blank" rel="noreferrer">
        <img
          src={src}
          alt={field.label}
          loading="lazy"
          className={`${size} rounded border border-border ${field.fieldType === "signature" ? "bg-white" : ""}`}
        />
      </a>
    );
  }
  if (isMediaFieldType(field.fieldType)) {
    const media = mediaRefOf(value);
    if (media) return <MediaAnswer fieldType={field.fieldType} label={field.label} media={media} compact={compact} />;
  }
  // In a repeat's table (compact) a shape stays its one-line text; on its own it gets its map.
  if (!compact && (field.fieldType === "line" || field.fieldType === "area") && isGeometryValue(value))
    return <GeometryAnswer label={field.label} value={value} />;
  if (field.fieldType === "gps") {
    const gps = gpsValueOf(value);
    if (gps)
      return (
        <span>
          {gps.accuracy === undefined
            ? formatCoordinates(gps.latitude, gps.longitude)
            : t("detail.gpsWithAccuracy", {
                coordinates: formatCoordinates(gps.latitude, gps.longitude),
                accuracy: Math.round(gps.accuracy),
              })}
        </span>
      );
  }
  return (
    <span className="whitespace-pre-wrap break-words">{format.answer(field, labelledAnswer(value, choiceLabels))}</span>
  );
}

function FieldLabel({ field }: { field: RecordField }) {
  const { t } = useTranslation("data");
  return (
    <>
      {field.label}
      {field.removed && (
        <>
          {" "}
          <Badge variant="outline">{t("detail.removedBadge")}</Badge>
        </>
      )}
    </>
  );
}

/** A repeat's entries as a small table: one row per entry, one column per field of the repeat. */
function RepeatEntries({ field, fields, value }: { field: RecordField; fields: RecordField[]; value: unknown }) {
  const { t } = useTranslation("data");
  const entries = repeatEntries(value);
  if (!Array.isArray(value)) return <span className="text-muted-foreground">{t("detail.noAnswer")}</span>;
  if (entries.length === 0) return <span className="text-muted-foreground">{t("detail.noEntries")}</span>;
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-left text-sm" data-testid={`repeat-${field.name}`}>
        <caption className="sr-only">{field.label}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">
              {t("detail.entry")}
            </th>
            {fields.map((child) => (
              <th key={child.id} scope="col" className="px-2 py-1 font-medium">
                <FieldLabel field={child} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={index} className="border-t border-border align-top">
              <td className="px-2 py-1 tabular-nums">{index + 1}</td>
              {fields.map((child) => (
                <td key={child.id} className="px-2 py-1">
                  <AnswerValue field={child} value={entry[child.id]} compact />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ROW = "grid gap-1 sm:grid-cols-[12rem_1fr]";

/** Where an item sits: the repeats and entry numbers above it ("Membros › 2"), and its heading level (h3…h6). */
interface Place {
  trail: string[];
  level: number;
}

const TOP: Place = { trail: [], level: 3 };
const NO_LABELS = {};

function Heading({ level, id, children }: { level: number; id: string; children: ReactNode }) {
  const Tag = `h${Math.min(level, 6)}` as "h3";
  return (
    <Tag id={id} className="text-sm font-semibold">
      {children}
    </Tag>
  );
}

/**
 * The entries of a repeat holding sections or inner repeats: one titled block per entry, its heading naming the
 * path from the record ("Membros › 2 › Visitas › 1"), so each level reads on a phone and to a screen reader.
 */
function NestedEntries({
  item,
  value,
  place,
}: {
  item: Extract<DetailItem, { kind: "repeat" }>;
  value: unknown;
  place: Place;
}) {
  const { t } = useTranslation("data");
  const baseId = useId();
  const entries = repeatEntries(value);
  if (!Array.isArray(value)) return <span className="text-muted-foreground">{t("detail.noAnswer")}</span>;
  if (entries.length === 0) return <span className="text-muted-foreground">{t("detail.noEntries")}</span>;
  return (
    <ol className="space-y-2" aria-label={item.field.label} data-testid={`repeat-${item.field.name}`}>
      {entries.map((entry, index) => {
        const trail = [...place.trail, item.field.label, String(index + 1)];
        const headingId = `${baseId}-${index}`;
        return (
          <li key={index}>
            <section aria-labelledby={headingId} className="space-y-2 border-l-2 border-border pl-3">
              <Heading level={place.level} id={headingId}>
                {trail.join(" › ")}
              </Heading>
              {item.items.map((inner) => (
                <DetailEntry
                  key={inner.field.id}
                  item={inner}
                  answers={entry}
                  place={{ trail, level: place.level + 1 }}
                />
              ))}
            </section>
          </li>
        );
      })}
    </ol>
  );
}

/** One item of the record's outline: an answer, a repeat's entries, or a section's title over its items. */
function DetailEntry({ item, answers, place }: { item: DetailItem; answers: Record<string, unknown>; place: Place }) {
  const headingId = useId();
  switch (item.kind) {
    case "answer":
      return (
        <dl className={ROW}>
          <dt className="text-sm font-medium">
            <FieldLabel field={item.field} />
          </dt>
          <dd className="text-sm">
            <AnswerValue field={item.field} value={answers[item.field.id]} />
          </dd>
        </dl>
      );
    case "repeat": {
      // A repeat of plain answers stays a compact table; one holding sections or inner repeats lists its entries.
      const flat = item.items.every((inner) => inner.kind === "answer");
      return (
        <dl className="space-y-1">
          <dt className="text-sm font-medium">
            <FieldLabel field={item.field} />
          </dt>
          <dd className="text-sm">
            {flat ? (
              <RepeatEntries
                field={item.field}
                fields={item.items.map((inner) => inner.field)}
                value={answers[item.field.id]}
              />
            ) : (
              <NestedEntries item={item} value={answers[item.field.id]} place={place} />
            )}
          </dd>
        </dl>
      );
    }
    case "section":
      return (
        <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-border p-3">
          <Heading level={place.level} id={headingId}>
            {item.field.label}
          </Heading>
          {item.items.map((inner) => (
            <DetailEntry
              key={inner.field.id}
              item={inner}
              answers={answers}
              place={{ ...place, level: place.level + 1 }}
            />
          ))}
        </section>
      );
  }
}

/**
 * Every answer of one record, formatted by type and language, with its media, location and actions: grouped under
 * their sections, each repeat as a table of its entries (or, when its entries hold sections or inner repeats, as
 * titled entries at any depth); notes are not answers and are left out.
 */
export function RecordDetailDialog({
  record,
  fields,
  canEdit,
  editUnavailableReason,
  canDelete,
  onEdit,
  onDelete,
  onClose,
  children,
}: RecordDetailDialogProps) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const items = useMemo(() => detailItems(fields), [fields]);
  return (
    <Dialog open={record !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {record && (
          <>
            <DialogHeader>
              <DialogTitle>{t("detail.title")}</DialogTitle>
              <DialogDescription>
                {t("detail.meta", {
                  date: format.dateTime(record.createdAt),
                  submitter: recordAuthor(record, t),
                })}
              </DialogDescription>
            </DialogHeader>
            <div className="space-y-3" data-testid="record-detail">
              <ChoiceLabelsProvider value={record.choiceLabels ?? NO_LABELS}>
                {items.map((item) => (
                  <DetailEntry key={item.field.id} item={item} answers={record.answers} place={TOP} />
                ))}
              </ChoiceLabelsProvider>
              <dl className={ROW}>
                <dt className="flex items-center gap-1 text-sm font-medium">
                  <MapPin className="size-4" aria-hidden /> {t("detail.location")}
                </dt>
                <dd className="text-sm">
                  {record.location
                    ? record.location.accuracy === null
                      ? formatCoordinates(record.location.latitude, record.location.longitude)
                      : t("detail.gpsWithAccuracy", {
                          coordinates: formatCoordinates(record.location.latitude, record.location.longitude),
                          accuracy: Math.round(record.location.accuracy),
                        })
                    : t("detail.noLocation")}
                </dd>
              </dl>
              {record.updatedAt !== record.createdAt && (
                <p className="text-xs text-muted-foreground">
                  {t("detail.updated", { date: format.dateTime(record.updatedAt) })}
                </p>
              )}
            </div>
            {(canEdit || canDelete) && (
              <div className="flex flex-wrap justify-end gap-2 pt-2">
                {canDelete && (
                  <Button variant="destructive" onClick={() => onDelete(record)}>
                    <Trash2 /> {t("detail.delete")}
                  </Button>
                )}
                {canEdit &&
                  (editUnavailableReason ? (
                    <UnavailableButton reason={editUnavailableReason}>
                      <Pencil /> {t("detail.edit")}
                    </UnavailableButton>
                  ) : (
                    <Button onClick={() => onEdit(record)}>
                      <Pencil /> {t("detail.edit")}
                    </Button>
                  ))}
              </div>
            )}
            {children}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
