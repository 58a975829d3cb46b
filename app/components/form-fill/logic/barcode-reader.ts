// The ZXing build's own URL: Vite copies the file into dist/ and names it by hash, so the phone loads it from us
// (and the service worker precaches it) instead of the jsDelivr CDN the package would fetch it from by default.
import zxingWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/** What the widget needs of a detector: the text of a code seen in the current video frame, if any. */
export interface BarcodeReader {
  read(frame: HTMLVideoElement): Promise<string | null>;
}

interface DetectedCode {
  rawValue: string;
}
interface Detector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}
interface DetectorClass {
  new (): Detector;
  getSupportedFormats(): Promise<string[]>;
}

function readerOf(detector: Detector): BarcodeReader {
  return { read: async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null };
}

/**
 * The browser's BarcodeDetector where it exists and reads something (Android, macOS), else the ZXing WASM polyfill.
 * This module is imported only when a collector starts a scan, so neither the polyfill nor the WASM weighs on the
 * first page.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch(() => [])).length > 0) return readerOf(new native());
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl : prefix + path),
    },
  });
  return readerOf(new BarcodeDetector());
}
