import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import type { ApiTokenDto } from "../../../shared/integrations/api-tokens.ts";
import { API_TOKENS_QUERY_KEY, apiTokensApi } from "./api-tokens-api.ts";

/** Revoking is immediate and final: the next call with the token is refused. */
export function RevokeApiTokenDialog({ token }: { token: ApiTokenDto }) {
  const { t } = useTranslation("api-tokens");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => apiTokensApi.revoke(token.id),
    onSuccess: async () => {
      toast.success(t("revoke.done", { name: token.name }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={t("revoke.buttonFor", { name: token.name })}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        {t("revoke.button")}
      </Button>
      <ConfirmActionDialog
        open={open}
        title={t("revoke.title", { name: token.name })}
        description={t("revoke.description")}
        confirmLabel={t("revoke.confirm")}
        busyLabel={t("revoke.busy")}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
