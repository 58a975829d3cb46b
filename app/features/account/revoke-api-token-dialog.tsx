import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
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
import { apiErrorText } from "../../lib/api-error-text.ts";
import type { ApiTokenDto } from "../../../shared/integrations/api-tokens.ts";
import { API_TOKENS_QUERY_KEY, apiTokensApi } from "./api-tokens-api.ts";

/** Revoking is immediate and final: the next call with the token is refused. */
export function RevokeApiTokenDialog({ token }: { token: ApiTokenDto }) {
  const { t } = useTranslation("api-tokens");
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiTokensApi.revoke(token.id),
    onSuccess: async () => {
      toast.success(t("revoke.done", { name: token.name }));
      await queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: (error) => toast.error(apiErrorText(t, error)),
  });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("revoke.buttonFor", { name: token.name })}>
          <Trash2 aria-hidden />
          {t("revoke.button")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("revoke.title", { name: token.name })}</AlertDialogTitle>
          <AlertDialogDescription>{t("revoke.description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>{t("revoke.cancel")}</AlertDialogCancel>
          <Button variant="destructive" loading={revoke.isPending} onClick={() => revoke.mutate()}>
            {t("revoke.confirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
