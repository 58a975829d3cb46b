/** Builders for the team and invite API tests (test code only). */
import type { Mailer, OutgoingEmail } from "../../services/mailer.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { SentInvite } from "../../../shared/team/team-dtos.ts";

/** Records every message; `failing` makes delivery throw, as an unreachable SMTP server would. */
export function recordingMailer(): Mailer & { sent: OutgoingEmail[]; failing: boolean } {
  const mailer = {
    sent: [] as OutgoingEmail[],
    failing: false,
    async send(message: OutgoingEmail) {
      if (mailer.failing) throw new Error("SMTP unreachable");
      mailer.sent.push(message);
      return { outboxId: null };
    },
  };
  return mailer;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The token of the last invite e-mailed to `to`. */
export function lastInviteToken(mailer: { sent: OutgoingEmail[] }, to: string): string {
  const message = mailer.sent.filter((m) => m.to === to && m.kind === "invite").at(-1);
  if (!message) throw new Error(`no invite e-mail to ${to}`);
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no link in the invite e-mail");
  return tokenOf(link);
}

export async function invite(
  client: HttpClient,
  body: { name: string; email: string; grants: { applicationId: string; role: "admin_invited" | "collaborator" }[] },
): Promise<SentInvite> {
  const response = await client.post("/api/team/invites", body);
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SentInvite;
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}
