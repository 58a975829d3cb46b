import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Trash2 } from "lucide-react";
import { ApiClientError } from "../../lib/api-client.ts";
import { useSession } from "../../lib/session.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog.tsx";
import { accountApi } from "./account-api.ts";

/** Account deletion, confirmed with the password; afterwards the local session is cleared and the user goes to /home. */
export function DeleteAccountDialog() {
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t("delete.passwordRequired"));
    setDeleting(true);
    setError(null);
    try {
      await accountApi.deleteAccount(password);
    } catch (failure) {
      setDeleting(false);
      if (failure instanceof ApiClientError && failure.code === "CURRENT_PASSWORD_INCORRECT")
        return setError(t("delete.wrongPassword"));
      toast.error(t("delete.failed"));
      return;
    }
    await signOut();
    toast.success(t("delete.done"));
    void navigate("/home", { replace: true });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword("");
        setError(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden />
          {t("delete.button")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("delete.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("delete.confirmDescription")}</AlertDialogDescription>
          </AlertDialogHeader>
          <FormField label={t("delete.passwordLabel")} error={error ?? undefined} required>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>{t("delete.cancel")}</AlertDialogCancel>
            <Button type="submit" variant="destructive" loading={deleting}>
              {t("delete.confirm")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
