import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** The body of a MIME message as text: quoted-printable soft breaks and escapes undone (nodemailer uses it for UTF-8). */
export function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4).replace(/=\r?\n/g, "");
  const bytes = body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** A message's Subject header, RFC 2047 encoded words (nodemailer's for non-ASCII subjects) decoded. */
export function decodedSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? "";
  return header
    .replace(/\r\n[ \t]/g, "")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

export interface SmtpSinkOptions {
  /** Answer the first N messages with a temporary failure (451), as a flaky server would. */
  failFirst?: number;
  /** Never answer the first message: the sender hangs in the middle of its delivery (see `held`). */
  holdFirst?: boolean;
}

/**
 * A real SMTP listener on a free local port for tests: every message the app delivers (SMTP_URL =
 * `smtp://127.0.0.1:<port>`) lands in `received`; `next` waits for the first message that matches. `attempts` counts
 * every message offered, refused or held ones included.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let attempts = 0;
  let releaseHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    // No STARTTLS offer: nodemailer then delivers in plain text to this local listener.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        attempts += 1;
        if (options.holdFirst && attempts === 1) return releaseHeld();
        if (attempts <= (options.failFirst ?? 0)) {
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const port = (smtp.server.address() as AddressInfo).port;

  /** The first message (from index `after` on) that satisfies `matches`, waiting for it to arrive. */
  async function next(matches: (mail: ReceivedMail) => boolean, after = 0): Promise<ReceivedMail> {
    for (;;) {
      const found = received.slice(after).find(matches);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    next,
    attempts: () => attempts,
    /** Resolves when the first message is being held (with `holdFirst`). */
    held,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
