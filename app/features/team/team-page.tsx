import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AlertCircle, Info, UserPlus, Users } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useSession } from "../../lib/session.tsx";
import { upgradePath } from "../../lib/upgrade-path.ts";
import { AddMemberWizard } from "./add-member-wizard.tsx";
import { InvitesList } from "./invites-list.tsx";
import { MemberDialog } from "./member-dialog.tsx";
import { MembersTable } from "./members-table.tsx";
import { useTeamInvites, useTeamMembers } from "./team-api.ts";

const ALL = "all";

/** /team: members and their roles per application, sent invites, the add-member wizard (spec 000 §2). */
export default function TeamPage() {
  const { t } = useTranslation("team");
  const { me } = useSession();
  const team = useTeamMembers();
  const invites = useTeamInvites();
  const [filter, setFilter] = useState(ALL);
  const [wizardOpen, setWizardOpen] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);

  const data = team.data;
  const full = data ? data.seats.limit !== null && data.seats.used >= data.seats.limit : false;
  const ownsApplications = data?.applications.some((app) => app.role === "owner") ?? false;
  const members = data
    ? data.members.filter(
        (member) => filter === ALL || member.applications.some((entry) => entry.applicationId === filter),
      )
    : [];
  const editing = data?.members.find((member) => member.id === editingId) ?? null;

  let membersContent;
  if (isUnavailableOffline(team)) membersContent = <OfflineUnavailable onRetry={() => team.refetch()} />;
  else if (team.isPending) {
    membersContent = (
      <div className="flex flex-col gap-2" aria-busy="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (!data)
    membersContent = (
      <LoadFailed
        title={t("page.loadFailed")}
        retryLabel={t("page.retry")}
        onRetry={() => team.refetch()}
        retrying={team.isFetching}
      />
    );
  else if (members.length === 0) {
    membersContent = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Users className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{filter === ALL ? t("members.emptyTitle") : t("members.emptyFiltered")}</p>
        {filter === ALL ? <p className="text-sm text-muted-foreground">{t("members.emptyText")}</p> : null}
      </div>
    );
  } else membersContent = <MembersTable members={members} onEdit={(member) => setEditingId(member.id)} />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("page.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("page.subtitle")}</p>
        </div>
        {/* Only someone who administers an application has anything to share (the list holds exactly those). */}
        {data && data.applications.length > 0 ? (
          <Button onClick={() => setWizardOpen(true)}>
            <UserPlus aria-hidden />
            {t("page.add")}
          </Button>
        ) : null}
      </div>

      {data && data.applications.length === 0 ? (
        <Alert variant="info">
          <Info aria-hidden />
          <div>
            <AlertTitle>{t("page.noApplicationsTitle")}</AlertTitle>
            <AlertDescription>
              {t("page.noApplicationsText")}{" "}
              <Link className="font-medium underline" to="/applications">
                {t("page.noApplicationsLink")}
              </Link>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}

      {data && full && ownsApplications ? (
        <Alert variant="warning">
          <AlertCircle aria-hidden />
          <div>
            <AlertTitle>{t("page.limitTitle")}</AlertTitle>
            <AlertDescription>
              {t("page.limitText", { limit: data.seats.limit })}{" "}
              <Link className="font-medium underline" to={upgradePath("members")}>
                {t("page.limitLink")}
              </Link>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}

      <section className="flex flex-col gap-3" aria-labelledby="team-members-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="team-members-title" className="text-lg font-semibold">
            {t("members.title")}
            {data && data.seats.limit !== null && ownsApplications ? (
              <span className="ml-2 text-sm font-normal text-muted-foreground">
                {t("members.seats", { used: data.seats.used, limit: data.seats.limit })}
              </span>
            ) : null}
          </h2>
          {data && data.applications.length > 0 ? (
            <Select value={filter} onValueChange={setFilter}>
              <SelectTrigger className="w-full sm:w-64" aria-label={t("members.filter")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("members.allApplications")}</SelectItem>
                {data.applications.map((app) => (
                  <SelectItem key={app.id} value={app.id}>
                    {app.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : null}
        </div>
        {membersContent}
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="team-invites-title">
        <h2 id="team-invites-title" className="text-lg font-semibold">
          {t("invites.title")}
        </h2>
        {isUnavailableOffline(invites) ? (
          <OfflineUnavailable onRetry={() => invites.refetch()} />
        ) : invites.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : invites.data ? (
          <InvitesList invites={invites.data} />
        ) : (
          <LoadFailed
            title={t("page.loadFailed")}
            retryLabel={t("page.retry")}
            onRetry={() => invites.refetch()}
            retrying={invites.isFetching}
          />
        )}
      </section>

      {data ? (
        <AddMemberWizard
          open={wizardOpen}
          onOpenChange={setWizardOpen}
          applications={data.applications}
          seatsFull={full}
        />
      ) : null}
      {data && me ? (
        <MemberDialog
          member={editing}
          applications={data.applications}
          user={me.user}
          onOpenChange={(open) => (open ? null : setEditingId(null))}
        />
      ) : null}
    </div>
  );
}
