import { useRef, type ReactNode } from "react";
import type { CaptureMode } from "../../../../shared/fields/field-types.ts";
import { Button } from "../../../components/ui/button.tsx";

interface CaptureSource {
  label: string;
  icon: ReactNode;
}

interface SourceButtonProps {
  kind: "camera" | "gallery";
  source: CaptureSource;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
}

/** A button opening its hidden file input: the camera's with `capture`, so a phone opens its own camera app. */
function SourceButton({ kind, source, accept, disabled, onFile }: SourceButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className="flex-1"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {source.icon}
        {source.label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        capture={kind === "camera" ? "environment" : undefined}
        hidden
        tabIndex={-1}
        data-capture={kind}
        aria-label={source.label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Clearing lets the same file be picked again after a removal.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </>
  );
}

interface CaptureButtonsProps {
  mode: CaptureMode;
  /** `image/*` or `video/*`: what the phone's camera app records and its picker offers. */
  accept: string;
  disabled: boolean;
  camera: CaptureSource;
  gallery: CaptureSource;
  onFile: (file: File) => void;
  /** Further buttons in the row (remove). */
  children?: ReactNode;
}

/** The camera and gallery buttons of a photo or video question; the question's mode shows one or both. */
export function CaptureButtons({ mode, accept, disabled, camera, gallery, onFile, children }: CaptureButtonsProps) {
  const shared = { accept, disabled, onFile };
  return (
    <div className="flex flex-wrap gap-2">
      {mode !== "gallery" ? <SourceButton kind="camera" source={camera} {...shared} /> : null}
      {mode !== "camera" ? <SourceButton kind="gallery" source={gallery} {...shared} /> : null}
      {children}
    </div>
  );
}
