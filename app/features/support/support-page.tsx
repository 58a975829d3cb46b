import { useMemo } from "react";
import { ArrowLeft, Send } from "lucide-react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "../../lib/toast.ts";
import { ApiClientError } from "../../lib/api-client.ts";
import { callUpload } from "../../lib/api-upload.ts";
import { sendSupportMessage } from "../../../shared/api/contracts/support.ts";
import { useSession } from "../../lib/session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { ContactFields } from "../../components/contact-fields.tsx";
import { supportMessageSchema, type SupportMessage } from "../../../shared/contact/support-schema.ts";
import { ImagePicker } from "./image-picker.tsx";

/** The server's verdict on an image the browser let through (it reads the bytes, the browser only the declared type). */
const IMAGE_ERRORS: Partial<Record<string, string>> = { INVALID_FILE_TYPE: "image.type", FILE_TOO_LARGE: "image.size" };

function toFormData(message: SupportMessage): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(message)) if (value !== undefined) body.set(name, value);
  return body;
}

/** /support (spec 000 §2, spec 001 §2): the contact fields plus an optional image; name and e-mail come from the session. */
export default function SupportPage() {
  const { t } = useTranslation("support");
  const navigate = useNavigate();
  const { me } = useSession();
  const name = me?.user.name ?? "";
  const email = me?.user.email ?? "";
  const blank = useMemo<SupportMessage>(
    () => ({ fullName: name, email, celular: "", subject: "", message: "", image: undefined }),
    [name, email],
  );
  // `values` fills name and e-mail once the session arrives, without overwriting what the person already typed.
  const form = useForm<SupportMessage>({
    resolver: zodResolver(supportMessageSchema),
    values: blank,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const image = useWatch({ control: form.control, name: "image" });
  const imageError = errors.image?.message ? t(`validation.${errors.image.message}`) : undefined;

  const submit = form.handleSubmit(async (message) => {
    try {
      await callUpload(sendSupportMessage, {}, toFormData(message));
      toast.success(t("success"), { description: t("successDesc") });
      // reset() merges resetOptions; keeping dirty values here would keep the message just sent.
      form.reset(blank, { keepDirtyValues: false });
    } catch (error) {
      const imageKey = error instanceof ApiClientError ? IMAGE_ERRORS[error.code] : undefined;
      if (imageKey) form.setError("image", { message: imageKey });
      toast.error(t("error"));
    }
  });

  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate("/"));

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Button variant="ghost" size="sm" className="self-start" onClick={goBack}>
        <ArrowLeft aria-hidden />
        {t("back")}
      </Button>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{t("title")}</h1>
          <CardDescription>{t("subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
              <ContactFields register={(field) => form.register(field)} errors={errors} />
              <ImagePicker
                file={image}
                error={imageError}
                onChange={(file) => form.setValue("image", file, { shouldDirty: true, shouldValidate: true })}
              />
            </fieldset>
            <Button type="submit" loading={isSubmitting} className="self-end">
              {isSubmitting ? null : <Send aria-hidden />}
              {isSubmitting ? t("sending") : t("send")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
