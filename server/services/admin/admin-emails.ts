import type { AppContext } from "../../context.ts";
import { findOutboxEmail, listOutboxEmails } from "../../db/queries/email-outbox.ts";
import { ApiError } from "../../lib/api-error.ts";
import { presentAdminEmail, presentAdminEmailDetail } from "../../presenters/admin-presenter.ts";
import type { AdminEmailDetail, AdminEmailSummary, Page } from "../../../shared/admin/admin-dtos.ts";
import type { AdminListQuery } from "../../../shared/admin/admin-schemas.ts";

/** "E-mails enviados": what email_outbox holds, so a Campo without SMTP can still hand on a reset or invite link. */
export async function listEmails(context: AppContext, query: AdminListQuery): Promise<Page<AdminEmailSummary>> {
  const { rows, total } = await listOutboxEmails(context.database.db, {
    q: query.q,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(presentAdminEmail), total, page: query.page, pageSize: query.pageSize };
}

export async function emailDetail(context: AppContext, id: string): Promise<AdminEmailDetail> {
  const row = await findOutboxEmail(context.database.db, id);
  if (!row) throw new ApiError("NOT_FOUND", "No such e-mail");
  return presentAdminEmailDetail(row);
}
