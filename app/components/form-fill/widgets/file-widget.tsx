import { useRef } from "react";
import { FileIcon, Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { canonicalContentType, mediaFileError, OPAQUE_CONTENT_TYPE } from "../../../../shared/fields/media-rules.ts";
import { formatBytes } from "../logic/format-bytes.ts";
import { mediaDetails, MediaLimits, RemoveMediaButton, useMediaRefusal, useMediaSource } from "./media-parts.tsx";
import { groupAria, type WidgetProps } from "./widget-props.ts";

/** Picks any file the question accepts (its accept list, its size cap) and shows its name and size. */
export function FileWidget({ field, value, onChange, control }: WidgetProps<"file">) {
  const { t, i18n } = useTranslation("collect");
  const refuse = useMediaRefusal();
  const { media } = useMediaSource(value);
  const input = useRef<HTMLInputElement>(null);
  const { maxSize, accept } = field.config;
  const details = media ? mediaDetails(media) : null;

  const keep = (file: File) => {
    const contentType = canonicalContentType(file.type) || OPAQUE_CONTENT_TYPE;
    const problem = mediaFileError(field, { contentType, bytes: file.size, fileName: file.name });
    if (problem) refuse(problem);
    else onChange({ kind: "blob", blob: file, contentType, fileName: file.name });
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      {details ? (
        <p className="flex items-center gap-2 rounded-md border bg-muted px-3 py-2 text-sm" data-testid="picked-file">
          <FileIcon className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{details.fileName ?? t("file.unnamed")}</span>
          {details.bytes !== undefined ? (
            <span className="text-muted-foreground">{formatBytes(details.bytes, i18n.language)}</span>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="lg" className="flex-1" onClick={() => input.current?.click()}>
          <Paperclip aria-hidden />
          {media ? t("file.replace") : t("file.pick")}
        </Button>
        {media ? <RemoveMediaButton onRemove={() => onChange(null)} /> : null}
      </div>
      <MediaLimits maxSize={maxSize} accept={accept} />
      <input
        ref={input}
        type="file"
        accept={accept.length > 0 ? accept.join(",") : undefined}
        hidden
        tabIndex={-1}
        aria-label={t("file.pick")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) keep(file);
        }}
      />
    </div>
  );
}
