import { useState, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import type { ApiTokenDto } from "../../../shared/integrations/api-tokens.ts";
import { API_TOKENS_QUERY_KEY, apiTokensApi } from "./api-tokens-api.ts";

/** Revoking is immediate and final: the next call with the token is refused. */
export function RevokeApiTokenDialog({ token }: { token: ApiTokenDto }) {
  const { t } = useTranslation("api-tokens");
  return (
    <RevokeDialog
      revoke={() => apiTokensApi.revoke(token.id)}
      buttonLabel={t("revoke.button")}
      buttonAriaLabel={t("revoke.buttonFor", { name: token.name })}
      title={t("revoke.title", { name: token.name })}
      description={t("revoke.description")}
      confirmLabel={t("revoke.confirm")}
      busyLabel={t("revoke.busy")}
      done={t("revoke.done", { name: token.name })}
    />
  );
}

/** Every token of the user at once, as a password change does, without changing the password. */
export function RevokeAllApiTokensDialog() {
  const { t } = useTranslation("api-tokens");
  return (
    <RevokeDialog
      revoke={apiTokensApi.revokeAll}
      buttonLabel={t("revokeAll.button")}
      title={t("revokeAll.title")}
      description={t("revokeAll.description")}
      confirmLabel={t("revokeAll.confirm")}
      busyLabel={t("revokeAll.busy")}
      done={t("revokeAll.done")}
    />
  );
}

interface RevokeDialogProps {
  revoke: () => Promise<void>;
  buttonLabel: string;
  buttonAriaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  done: string;
}

function RevokeDialog({ revoke, buttonLabel, buttonAriaLabel, done, ...dialog }: RevokeDialogProps) {
  const { t } = useTranslation("api-tokens");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: revoke,
    onSuccess: async () => {
      toast.success(done);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  return (
    <>
      <Button variant="outline" size="sm" aria-label={buttonAriaLabel} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        {buttonLabel}
      </Button>
      <ConfirmActionDialog
        {...dialog}
        open={open}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
