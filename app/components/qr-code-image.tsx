import { useEffect, useState } from "react";
import QRCode from "qrcode";

/** Spec 001 §9: the QR code is 200×200. */
export const QR_SIZE = 200;

/** A QR code drawn in the browser (no external image service sees the address). */
export function QrCodeImage({ text, alt }: { text: string; alt: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { width: QR_SIZE, margin: 2, errorCorrectionLevel: "M" }).then(
      (url) => {
        if (current) setDataUrl(url);
      },
      (error: unknown) => console.error("QR code generation failed", error),
    );
    return () => {
      current = false;
    };
  }, [text]);

  return (
    <div className="rounded-md border bg-white p-2">
      {dataUrl ? (
        <img src={dataUrl} alt={alt} width={QR_SIZE} height={QR_SIZE} />
      ) : (
        <div className="size-[200px] animate-pulse bg-muted" aria-hidden />
      )}
    </div>
  );
}
