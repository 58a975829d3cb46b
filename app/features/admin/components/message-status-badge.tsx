import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import type { MessageStatus } from "../../../../shared/admin/admin-schemas.ts";

const VARIANT = { new: "warning", answered: "success", archived: "outline" } as const;

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={VARIANT[status]}>{t(`messages.statuses.${status}`)}</Badge>;
}
