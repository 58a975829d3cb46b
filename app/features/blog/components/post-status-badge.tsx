import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import type { BlogStatus } from "../../../../shared/blog/post-schema.ts";

const VARIANTS = { draft: "secondary", scheduled: "warning", published: "success" } as const;

export function PostStatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation("blog");
  return <Badge variant={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
