import { useForm, Controller } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { ApiClientError } from "../../../lib/api-client.ts";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import {
  WEBHOOK_EVENTS,
  webhookEndpointInputSchema,
  type WebhookEndpointInput,
} from "../../../../shared/integrations/webhook-events.ts";
import type { CreatedWebhookEndpointDto } from "../../../../shared/integrations/webhook-dtos.ts";
import { useCreateEndpoint } from "../api/webhooks-api.ts";

interface EndpointFormDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (endpoint: CreatedWebhookEndpointDto) => void;
}

/** The server's field message keys ("webhooks:validation.urlPrivate") for the fields it refused. */
function fieldErrors(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiClientError) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).flatMap((detail) =>
    typeof detail === "object" && detail !== null && "path" in detail && "message" in detail
      ? [{ path: String(detail.path), message: String(detail.message) }]
      : [],
  );
}

/** Add an endpoint: its URL and the events it receives (all record events checked to start with). */
export function EndpointFormDialog({ applicationId, open, onOpenChange, onCreated }: EndpointFormDialogProps) {
  const { t } = useTranslation("webhooks");
  const create = useCreateEndpoint(applicationId);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: "", events: ["record.created", "record.updated", "record.deleted"] },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const { endpoint } = await create.mutateAsync(input);
      form.reset();
      onCreated(endpoint);
    } catch (error) {
      const refused = fieldErrors(error).filter((detail) => detail.path === "url" || detail.path === "events");
      for (const detail of refused) form.setError(detail.path as "url" | "events", { message: detail.message });
      toast.error(refused.length > 0 ? t("saveFailed") : apiErrorText(t, error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("add")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField label={t("url")} required error={errors.url?.message ? t(errors.url.message) : undefined}>
            <Input type="url" inputMode="url" placeholder={t("urlPlaceholder")} {...form.register("url")} />
          </FormField>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.events ? "webhook-events-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{t("events")}</legend>
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <ul className="grid gap-2 sm:grid-cols-2">
                  {WEBHOOK_EVENTS.map((event) => {
                    const id = `webhook-event-${event}`;
                    return (
                      <li key={event} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={field.value.includes(event)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? WEBHOOK_EVENTS.filter((e) => e === event || field.value.includes(e))
                                : field.value.filter((e) => e !== event),
                            )
                          }
                        />
                        <Label htmlFor={id} className="font-normal">
                          {t(`eventNames.${event}`)}
                        </Label>
                      </li>
                    );
                  })}
                </ul>
              )}
            />
            {errors.events?.message ? (
              <p id="webhook-events-error" className="text-sm text-destructive">
                {t(errors.events.message)}
              </p>
            ) : null}
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? t("saving") : t("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
