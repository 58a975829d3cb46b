import { useEffect, useRef, useState } from "react";
import { Eraser } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { useObjectUrl } from "../hooks/use-object-url.ts";
import { isMediaValue } from "../logic/form-values.ts";
import { groupAria, type WidgetProps } from "./widget-props.ts";
import { attachmentUrl } from "../../../lib/attachment-url.ts";

/** Spec 001 §9: black ink, line width 2; stored as PNG. */
const INK = "#000000";
const LINE_WIDTH = 2;
const CANVAS_HEIGHT = 180;

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/**
 * A signature pad driven by pointer events (finger, pen and mouse alike). The pad is always white so black
 * ink stays visible in dark mode and the PNG reads the same everywhere.
 */
export function SignatureWidget({ value, onChange, control }: WidgetProps<"signature">) {
  const { t } = useTranslation("collect");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; drawn: boolean } | null>(null);
  const [hasInk, setHasInk] = useState(false);
  const media = isMediaValue(value) ? value : null;
  const savedUrl = useObjectUrl(media?.kind === "blob" && !hasInk ? media.blob : null);
  const shownUrl = media?.kind === "ref" ? attachmentUrl(media.ref.attachmentId) : savedUrl;

  // Size the backing store to the device pixels, so strokes stay sharp; re-done when the width changes.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const setup = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      if (canvas.width === Math.round(width * ratio)) return;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(CANVAS_HEIGHT * ratio);
      const context = canvas.getContext("2d");
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, CANVAS_HEIGHT);
      context.strokeStyle = INK;
      context.lineWidth = LINE_WIDTH;
      context.lineCap = "round";
      context.lineJoin = "round";
      setHasInk(false);
    };
    setup();
    const observer = new ResizeObserver(setup);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext("2d");
    if (!context || drawing.current) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = { pointerId: event.pointerId, drawn: false };
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
  };

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext("2d");
    if (!context || drawing.current?.pointerId !== event.pointerId) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    drawing.current.drawn = true;
  };

  const end = async (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current?.pointerId !== event.pointerId) return;
    const drawn = drawing.current.drawn;
    drawing.current = null;
    if (!drawn) return;
    setHasInk(true);
    const blob = await canvasBlob(event.currentTarget);
    if (blob) onChange({ kind: "blob", blob, contentType: "image/png" });
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (canvas && context) {
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.clientWidth, CANVAS_HEIGHT);
    }
    setHasInk(false);
    onChange(null);
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-md border border-input bg-white">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t("signature.pad")}
          data-testid="signature-pad"
          style={{ height: CANVAS_HEIGHT, touchAction: "none" }}
          className="block w-full cursor-crosshair"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={(event) => void end(event)}
          onPointerCancel={(event) => void end(event)}
        />
        {shownUrl ? (
          <img src={shownUrl} alt="" className="pointer-events-none absolute inset-0 size-full object-contain" />
        ) : null}
        {!hasInk && !shownUrl ? (
          <p className="pointer-events-none absolute inset-x-0 bottom-3 text-center text-sm text-slate-500">
            {t("signature.hint")}
          </p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground" role="status">
          {media ? t("signature.saved") : ""}
        </p>
        <Button variant="outline" size="lg" onClick={clear} disabled={!media && !hasInk}>
          <Eraser aria-hidden />
          {t("signature.clear")}
        </Button>
      </div>
    </div>
  );
}
