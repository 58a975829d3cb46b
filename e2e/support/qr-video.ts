import { writeFileSync } from "node:fs";
import QRCode from "qrcode";

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 10;

/**
 * A Y4M clip (what Chromium's --use-file-for-fake-video-capture plays, in a loop) of one still frame showing a QR
 * code of `text`, black on white with its quiet zone: the fake camera a barcode scan reads from.
 */
export function writeQrVideo(text: string, file: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const side = modules.size * MODULE_PX;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < MODULE_PX; y++)
        luma.fill(
          16,
          (top + row * MODULE_PX + y) * WIDTH + left + column * MODULE_PX,
          (top + row * MODULE_PX + y) * WIDTH + left + (column + 1) * MODULE_PX,
        );
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, Buffer.from("FRAME\n"), luma, chroma, chroma]));
}
