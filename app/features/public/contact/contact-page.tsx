import { useState } from "react";
import { ArrowLeft, CheckCircle2, Send } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "../../../lib/toast.ts";
import { ApiClientError, isNetworkError } from "../../../lib/api-client.ts";
import { callApi } from "../../../lib/api-call.ts";
import { sendContactMessage } from "../../../../shared/api/contracts/contact.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ContactFields } from "../../../components/contact-fields.tsx";
import { CONTACT_LIMITS, contactMessageSchema, type ContactMessage } from "../../../../shared/contact/contact-schema.ts";
import { track } from "../../../lib/analytics/track.ts";

const EMPTY: ContactMessage = { fullName: "", email: "", celular: "", subject: "", message: "" };

/** `?subject=&message=` prefill the form (the plans page's Custom plan links here), cut to the fields' limits. */
function prefilled(params: URLSearchParams): ContactMessage {
  return {
    ...EMPTY,
    subject: (params.get("subject") ?? "").slice(0, CONTACT_LIMITS.subject.max),
    message: (params.get("message") ?? "").slice(0, CONTACT_LIMITS.message.max),
  };
}

/** /contact (spec 000 §2, spec 001 §2): five required fields, disabled while sending, a toast either way. */
export default function ContactPage() {
  const { t } = useTranslation("public");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(false);
  const form = useForm<ContactMessage>({ resolver: zodResolver(contactMessageSchema), defaultValues: prefilled(params) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (message) => {
    track("contact_attempt");
    try {
      await callApi(sendContactMessage, { body: message });
      toast.success(t("contact.success"), { description: t("contact.successDesc") });
      form.reset(EMPTY);
      setSent(true);
    } catch (error) {
      toast.error(t("contact.error"), { description: failureText(error) });
    }
  });

  function failureText(error: unknown): string {
    if (isNetworkError(error)) return t("contact.offline");
    if (error instanceof ApiClientError && error.code === "RATE_LIMITED") return t("contact.rateLimited");
    return t("contact.errorDesc");
  }

  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate("/"));

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Button variant="ghost" size="sm" className="self-start" onClick={goBack}>
        <ArrowLeft aria-hidden />
        {t("contact.back")}
      </Button>
      {sent ? (
        <Card role="status">
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="size-12 text-primary" aria-hidden />
            <CardTitle>{t("contact.sent.title")}</CardTitle>
            <CardDescription>{t("contact.sent.text")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
            <Button onClick={() => setSent(false)}>{t("contact.sent.another")}</Button>
            <Button asChild variant="outline">
              <Link to="/">{t("contact.sent.home")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle level={1} className="text-2xl">
              {t("contact.title")}
            </CardTitle>
            <CardDescription>{t("contact.subtitle")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
              <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
                <ContactFields register={(name) => form.register(name)} errors={errors} />
              </fieldset>
              <Button type="submit" loading={isSubmitting} className="self-end">
                {isSubmitting ? null : <Send aria-hidden />}
                {isSubmitting ? t("contact.sending") : t("contact.send")}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
