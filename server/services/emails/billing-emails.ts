import { translate } from "../../lib/translate.ts";
import type { OutgoingEmail } from "../mailer.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import type { PlanTier } from "../../../shared/plans/plans.ts";

type BillingEmailInput = { to: string; name: string; link: string; locale?: string } & (
  | { kind: "plan_activated"; tier: PlanTier; periodEnd: Date | null }
  | { kind: "subscription_canceled"; tier: PlanTier }
  | { kind: "payment_failed"; amountCents: number }
);

const KEYS = {
  plan_activated: "planActivated",
  subscription_canceled: "subscriptionCanceled",
  payment_failed: "paymentFailed",
} as const;

/** Plan activated, subscription ended and payment failed: the owner's e-mails about billing, in their language. */
export function billingEmail(input: BillingEmailInput): OutgoingEmail {
  const language = normalizeLanguage(input.locale) ?? DEFAULT_LANGUAGE;
  const params: Record<string, string> = { name: input.name, link: input.link };
  if (input.kind !== "payment_failed") params.plan = translate(language, `emails:plans.${input.tier}`);
  if (input.kind === "plan_activated") {
    params.until = input.periodEnd
      ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(input.periodEnd)
      : "—";
  }
  if (input.kind === "payment_failed") {
    params.amount = new Intl.NumberFormat(language, { style: "currency", currency: "BRL" }).format(
      input.amountCents / 100,
    );
  }
  const t = (key: string) => translate(language, `emails:${KEYS[input.kind]}.${key}`, params);
  return { to: input.to, kind: input.kind, subject: t("subject"), text: t("body") };
}
