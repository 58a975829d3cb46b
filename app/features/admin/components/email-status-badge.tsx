import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import type { EmailStatus } from "../../../../shared/admin/admin-dtos.ts";

const VARIANT = { pending: "warning", logged: "secondary", sent: "success", failed: "destructive" } as const;

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={VARIANT[status]}>{t(`outbox.statuses.${status}`)}</Badge>;
}
