import { describe, expect, it } from "vitest";
import type { OutgoingEmail } from "../mailer.ts";
import { billingEmail } from "./billing-emails.ts";
import { inviteEmail } from "./invite-email.ts";
import { messageReplyEmail } from "./message-reply-email.ts";
import { passwordResetEmail } from "./password-reset-email.ts";
import { reviewIssuesEmail } from "./review-issues-email.ts";
import { SUBJECT_TEXT_MAX } from "./subject-text.ts";
import { verificationEmail } from "./verification-email.ts";
import { webhookDisabledEmail } from "./webhook-disabled-email.ts";
import { welcomeEmail } from "./welcome-email.ts";

/** What someone types to make a subject line read as theirs (a phishing lure) and to inject a header. */
const HOSTILE = "URGENTE: confirme seu PIX em http://golpe.example\r\nBcc: victim@example.com " + "x".repeat(200);
const common = { to: "person@example.com", name: HOSTILE, link: "https://campo.example/x?token=abc", locale: "pt-BR" };

const templates: Record<string, () => OutgoingEmail> = {
  invite: () => inviteEmail({ ...common, inviterName: HOSTILE, applications: [HOSTILE] }),
  welcome: () => welcomeEmail({ ...common, company: HOSTILE }),
  passwordReset: () => passwordResetEmail(common),
  verification: () => verificationEmail(common),
  billing: () => billingEmail({ ...common, kind: "plan_activated", tier: "premium", periodEnd: null }),
  messageReply: () => messageReplyEmail({ ...common, subject: HOSTILE, body: HOSTILE }),
  reviewIssues: () =>
    reviewIssuesEmail({ ...common, reviewerName: HOSTILE, applicationName: HOSTILE, comment: HOSTILE }),
  webhookDisabled: () => webhookDisabledEmail({ ...common, applicationName: HOSTILE, url: HOSTILE, reason: "failing" }),
  webhookCreatorLostAccess: () =>
    webhookDisabledEmail({ ...common, applicationName: HOSTILE, url: HOSTILE, reason: "creatorLostAccess" }),
};

describe("e-mail subjects carry no unchecked user text", () => {
  for (const [name, build] of Object.entries(templates)) {
    it(`${name}: one line, user text at most ${SUBJECT_TEXT_MAX} characters`, () => {
      const { subject, text } = build();
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject).not.toContain("Bcc:");
      expect(subject).not.toContain("x".repeat(SUBJECT_TEXT_MAX));
      // The body still says everything in full.
      expect(text.length).toBeGreaterThan(0);
    });
  }

  it("the invite's subject is fixed: the inviter's chosen name is only in the body", () => {
    const email = inviteEmail({ ...common, inviterName: "Banco Central", applications: ["Pesquisa"] });
    expect(email.subject).toBe("Convite para a equipe no Campo");
    expect(email.text).toContain("Banco Central");
  });

  it("the welcome's subject is fixed", () => {
    expect(welcomeEmail({ ...common, name: "Ana" }).subject).toBe("Bem-vindo ao Campo!");
  });

  it("a quoted application name is kept, flattened and cut", () => {
    const email = webhookDisabledEmail({
      ...common,
      applicationName: "Censo\nagrícola 2026",
      url: "https://x",
      reason: "failing",
    });
    expect(email.subject).toBe("Webhook desativado em Censo agrícola 2026");
    const long = reviewIssuesEmail({ ...common, reviewerName: "R", applicationName: "a".repeat(100), comment: "c" });
    expect(long.subject).toContain(`${"a".repeat(SUBJECT_TEXT_MAX - 1)}…`);
    expect(long.text).toContain("a".repeat(100));
  });
});
