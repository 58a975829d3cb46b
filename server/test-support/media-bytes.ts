/**
 * The smallest real files of each audio and video container, made in code: what their magic bytes must look like
 * for the server's detection (file-type), without shipping media files in the repository.
 */

/** A PCM WAV of `samples` 16-bit mono samples at 8 kHz (a sine tone, so the file is a playable sound). */
export function wavBytes(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1)
    data.writeInt16LE(Math.round(Math.sin((index / 8000) * 2 * Math.PI * 440) * 8000), index * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** An EBML header whose DocType is WebM, as every MediaRecorder recording in Chrome and Firefox starts. */
export function webmBytes(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from("webm")]);
  const version = Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]);
  const body = Buffer.concat([docType, version]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(32)]);
}

/** The first page of an Ogg Opus stream (Firefox's recordings). */
export function oggOpusBytes(): Buffer {
  const head = Buffer.concat([Buffer.from("OpusHead"), Buffer.from([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0])]);
  const page = Buffer.alloc(28);
  page.write("OggS", 0, "ascii");
  page.writeUInt8(2, 5); // beginning of stream
  page.writeUInt32LE(1, 14); // serial
  page.writeUInt8(1, 26); // one segment
  page.writeUInt8(head.length, 27);
  return Buffer.concat([page, head]);
}

/** An MP3 with an ID3v2 tag and one MPEG frame header. */
export function mp3Bytes(): Buffer {
  return Buffer.concat([
    Buffer.from("ID3"),
    Buffer.from([3, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.alloc(64),
  ]);
}

/** An MPEG-4 file whose `ftyp` brand says M4A (Safari's and iPhones' audio). */
export function m4aBytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypM4A ", 4, "ascii");
  ftyp.write("M4A mp42isom", 12, "ascii");
  return Buffer.concat([ftyp, Buffer.alloc(32)]);
}

/** An MPEG-4 video (`isom` brand). */
export function mp4Bytes(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4, "ascii");
  ftyp.write("isomiso2mp41", 12, "ascii");
  return Buffer.concat([ftyp, Buffer.alloc(32)]);
}
