import { useMemo, useState, type FormEvent } from "react";
import { CircleCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormNodes } from "../../../components/form-fill/blocks/form-nodes.tsx";
import { useFormFill } from "../../../components/form-fill/blocks/use-form-fill.ts";
import { localizeField } from "../../../components/form-fill/logic/field-text.ts";
import { formShape, type FormShape } from "../../../components/form-fill/logic/form-structure.ts";
import { toCollectFields, type FormValues } from "../../../components/form-fill/logic/form-values.ts";
import { checkRecord, initialValues } from "../../../components/form-fill/logic/record-rules.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import type { DesignerField } from "./designer-fields.ts";

interface FormPreviewDialogProps {
  open: boolean;
  /** The design on screen, saved or not. */
  fields: readonly DesignerField[];
  onClose: () => void;
}

/**
 * The form as the collector fills it (the collect form's blocks, skip logic, calculations and constraints live), on
 * the current unsaved design. Answers stay in this dialog's state: nothing is saved, drafted or synced.
 */
export function FormPreviewDialog({ open, fields, onClose }: FormPreviewDialogProps) {
  const { t, i18n } = useTranslation("designer");
  const language = i18n.language;
  const shape = useMemo(
    () =>
      formShape(
        toCollectFields(fields.map((field, position) => ({ ...field, position }))).map((field) =>
          localizeField(field, language),
        ),
      ),
    [fields, language],
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("preview.title")}</DialogTitle>
          <DialogDescription>{t("preview.description")}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each preview starts with empty answers. */}
        {open ? <PreviewForm shape={shape} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PreviewForm({ shape, onClose }: { shape: FormShape; onClose: () => void }) {
  const { t } = useTranslation("designer");
  const { values, setErrors, constraints, bindings } = useFormFill(shape, () => initialValues(shape, new Date()));
  // The outcome of the last check, shown until an answer changes.
  const [checked, setChecked] = useState<{ values: FormValues; valid: boolean } | null>(null);
  const outcome = checked?.values === values ? (checked.valid ? "valid" : "invalid") : null;

  const check = (event: FormEvent) => {
    event.preventDefault();
    const record = checkRecord(shape, values, new Date());
    setErrors(record.errors);
    setChecked({ values, valid: !record.formError && Object.keys(record.errors).length === 0 });
  };

  if (shape.fields.length === 0) return <p className="text-sm text-muted-foreground">{t("preview.empty")}</p>;
  return (
    <form noValidate onSubmit={check} onBlur={constraints.checkNow} className="flex flex-col gap-4">
      <FormNodes nodes={shape.nodes} bindings={bindings} />
      <p role="status" className="min-h-5 text-sm">
        {outcome === "valid" ? (
          <span className="inline-flex items-center gap-1 text-success-text">
            <CircleCheck className="size-4" aria-hidden />
            {t("preview.valid")}
          </span>
        ) : outcome === "invalid" ? (
          <span className="text-destructive">{t("preview.invalid")}</span>
        ) : null}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("preview.close")}
        </Button>
        <Button type="submit">{t("preview.check")}</Button>
      </DialogFooter>
    </form>
  );
}
