import { useTranslation } from "react-i18next";
import { CAPTURE_MODES } from "../../../../shared/fields/field-types.ts";
import { MEDIA_MAX_SIZES_MB, type MediaFieldType } from "../../../../shared/fields/media-rules.ts";
import { Input } from "../../../components/ui/input.tsx";
import { ChoiceSelect, Row } from "./config-controls.tsx";
import { DURATION_CHOICES, invalidAcceptEntries, type MediaDraft } from "./media-draft.ts";

const NO_LIMIT = 0;

interface MediaConfigFieldsProps {
  id: string;
  type: MediaFieldType;
  draft: MediaDraft;
  onChange: (draft: MediaDraft) => void;
}

/** Size cap for all three; recording length for audio and video; how a video is taken; the types a file may be. */
export function MediaConfigFields({ id, type, draft, onChange }: MediaConfigFieldsProps) {
  const { t } = useTranslation(["designer", "fields"]);
  const change = (patch: Partial<MediaDraft>) => onChange({ ...draft, ...patch });
  const durations = [
    ...(type === "video" ? [NO_LIMIT] : []),
    ...new Set([...DURATION_CHOICES, ...(draft.maxDuration === null ? [] : [draft.maxDuration])]),
  ].sort((a, b) => a - b);
  const invalid = invalidAcceptEntries(draft);
  return (
    <div className="grid grid-cols-2 gap-3">
      <Row id={`${id}-max-size`} label={t("designer:config.maxSize")}>
        <ChoiceSelect
          id={`${id}-max-size`}
          value={draft.maxSize}
          values={MEDIA_MAX_SIZES_MB}
          labelOf={(value) => t("fields:maxSizeOption", { size: value })}
          onChange={(maxSize) => change({ maxSize })}
        />
      </Row>
      {type !== "file" ? (
        <Row id={`${id}-duration`} label={t("designer:config.maxDuration")}>
          <ChoiceSelect
            id={`${id}-duration`}
            value={draft.maxDuration ?? NO_LIMIT}
            values={durations}
            labelOf={(value) =>
              value === NO_LIMIT
                ? t("designer:config.noLimit")
                : value % 60 === 0
                  ? t("designer:config.durationMinutes", { count: value / 60 })
                  : t("designer:config.durationSeconds", { count: value })
            }
            onChange={(value) => change({ maxDuration: value === NO_LIMIT ? null : value })}
          />
        </Row>
      ) : null}
      {type === "video" ? (
        <Row id={`${id}-capture`} label={t("designer:config.captureMode")}>
          <ChoiceSelect
            id={`${id}-capture`}
            value={draft.captureMode}
            values={CAPTURE_MODES}
            labelOf={(value) => t(`fields:videoCaptureModes.${value}`)}
            onChange={(captureMode) => change({ captureMode })}
          />
        </Row>
      ) : null}
      {type === "file" ? (
        <div className="col-span-2">
          <Row
            id={`${id}-accept`}
            label={t("designer:config.accept")}
            error={invalid.length > 0 ? t("fields:invalidAcceptEntry", { entries: invalid.join(", ") }) : undefined}
          >
            <Input
              id={`${id}-accept`}
              value={draft.acceptText}
              placeholder={t("designer:config.acceptPlaceholder")}
              aria-invalid={invalid.length > 0}
              onChange={(event) => change({ acceptText: event.target.value })}
            />
            <p className="text-xs text-muted-foreground">{t("designer:config.acceptHint")}</p>
          </Row>
        </div>
      ) : null}
    </div>
  );
}
