import { useEffect, useRef, useState } from "react";
import { ScanBarcode, Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BARCODE_MAX_LENGTH } from "../../../../shared/fields/question-types.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/input.tsx";
import { groupAria, TOUCH_INPUT, type WidgetProps } from "./widget-props.ts";

type ScanState = "idle" | "scanning" | "failed";

/** Reads frames until a code shows up or the scan stops; resolves with the code or null. */
async function scanLoop(video: HTMLVideoElement, active: () => boolean): Promise<string | null> {
  const { createBarcodeReader } = await import("../logic/barcode-reader.ts");
  const reader = await createBarcodeReader();
  while (active()) {
    const code = video.readyState >= 2 ? await reader.read(video).catch(() => null) : null;
    if (code) return code;
    // One read per painted frame: the decoder never queues up behind the camera.
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return null;
}

/** A code read by the camera (BarcodeDetector or the ZXing polyfill), or typed when there is no camera. */
export function BarcodeWidget({ value, onChange, control }: WidgetProps<"barcode">) {
  const { t } = useTranslation("collect");
  const [state, setState] = useState<ScanState>("idle");
  const videoRef = useRef<HTMLVideoElement>(null);
  const session = useRef<{ stream: MediaStream; active: boolean } | null>(null);
  const text = typeof value === "string" ? value : "";

  const stop = () => {
    if (session.current) {
      session.current.active = false;
      for (const track of session.current.stream.getTracks()) track.stop();
      session.current = null;
    }
  };
  useEffect(() => stop, []);

  const scan = async () => {
    stop();
    setState("scanning");
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      const current = { stream, active: true };
      session.current = current;
      const video = videoRef.current;
      if (!video) return stop();
      video.srcObject = stream;
      await video.play();
      const code = await scanLoop(video, () => current.active);
      if (code === null) return;
      stop();
      setState("idle");
      onChange(code.slice(0, BARCODE_MAX_LENGTH));
    } catch {
      stop();
      setState("failed");
    }
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {state === "scanning" ? (
          <Button
            type="button"
            variant="outline"
            className="h-12"
            onClick={() => {
              stop();
              setState("idle");
            }}
          >
            <Square aria-hidden /> {t("questionTypes.barcodeStop")}
          </Button>
        ) : (
          <Button type="button" variant="outline" className="h-12" onClick={() => void scan()}>
            <ScanBarcode aria-hidden /> {t("questionTypes.barcodeScan")}
          </Button>
        )}
      </div>
      <video
        ref={videoRef}
        muted
        playsInline
        hidden={state !== "scanning"}
        className="aspect-video w-full max-w-md rounded-md bg-black object-cover"
      />
      <p role="status" className="text-sm text-muted-foreground">
        {state === "scanning"
          ? t("questionTypes.barcodeScanning")
          : state === "failed"
            ? t("questionTypes.barcodeNoCamera")
            : text
              ? t("questionTypes.barcodeRead", { value: text })
              : ""}
      </p>
      <Input
        aria-label={t("questionTypes.barcodeTyped")}
        placeholder={t("questionTypes.barcodeTyped")}
        className={TOUCH_INPUT}
        maxLength={BARCODE_MAX_LENGTH}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
