import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Plus, Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import type { AppRole, MemberRole } from "../../../shared/permissions/permissions.ts";
import { removalRefusal, roleChangeRefusal } from "../../../shared/team/role-rules.ts";
import type { ManagedApplication, MemberApplication, TeamMember } from "../../../shared/team/team-dtos.ts";
import { GRANTABLE_ROLES, type GrantableRole } from "../../../shared/team/team-schemas.ts";
import { teamApi, useTeamMutation } from "./team-api.ts";
import { apiErrorText } from "../../lib/api-error-text.ts";

interface MemberDialogProps {
  member: TeamMember | null;
  applications: ManagedApplication[];
  /** The signed-in user: their own team's members get the status switch; their own row is read-only. */
  user: { id: string; email: string };
  onOpenChange: (open: boolean) => void;
}

/** Role per application, active/inactive, remove from one application, add to another (spec 000 §2, §6). */
export function MemberDialog({ member, applications, user, onOpenChange }: MemberDialogProps) {
  const { t } = useTranslation("team");
  const [toRemove, setToRemove] = useState<MemberApplication | null>(null);
  const [adding, setAdding] = useState<{ applicationId: string; role: GrantableRole }>({
    applicationId: "",
    role: "collaborator",
  });
  const changeRole = useTeamMutation(teamApi.changeRole);
  const remove = useTeamMutation(teamApi.remove);
  const setStatus = useTeamMutation(teamApi.setStatus);
  const add = useTeamMutation(teamApi.addToApplication);
  if (!member) return null;

  const actorRole = (applicationId: string): AppRole =>
    applications.find((app) => app.id === applicationId)?.role ?? "none";
  const isSelf = member.email.toLowerCase() === user.email.toLowerCase();
  const facts = (entry: MemberApplication) => ({
    actorRole: actorRole(entry.applicationId),
    targetIsActor: isSelf,
    currentRole: entry.role,
  });
  const ownTeam = member.ownerId === user.id;
  const addable = applications.filter(
    (app) => app.ownerId === member.ownerId && !member.applications.some((entry) => entry.applicationId === app.id),
  );

  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toast.success(success);
    } catch (error) {
      toast.error(t("member.failed"), { description: apiErrorText(t, error) });
    }
  };

  const confirmRemoval = async () => {
    if (!toRemove) return;
    await run(
      () => remove.mutateAsync([member.id, toRemove.applicationId]),
      t("member.removed", { application: toRemove.applicationName }),
    );
    setToRemove(null);
  };

  return (
    <>
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>{t("member.title", { name: member.name })}</DialogTitle>
            <DialogDescription className="break-all">{member.email}</DialogDescription>
          </DialogHeader>

          {ownTeam ? (
            <div className="flex items-center justify-between gap-4 rounded-md border p-3">
              <div>
                <Label htmlFor="member-status">{t("member.active")}</Label>
                <p className="text-xs text-muted-foreground">{t("member.activeHint")}</p>
              </div>
              <Switch
                id="member-status"
                checked={member.status === "active"}
                disabled={setStatus.isPending}
                onCheckedChange={(checked) =>
                  run(
                    () => setStatus.mutateAsync([member.id, checked ? "active" : "inactive"]),
                    checked ? t("member.activated") : t("member.deactivated"),
                  )
                }
              />
            </div>
          ) : null}

          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-medium">{t("member.applications")}</h3>
            {member.applications.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("member.noApplications")}</p>
            ) : null}
            <ul className="flex flex-col gap-2">
              {member.applications.map((entry) => {
                const locked = entry.role === "admin_creator";
                const mayChange =
                  roleChangeRefusal({
                    ...facts(entry),
                    newRole: entry.role === "collaborator" ? "admin_invited" : "collaborator",
                  }) === null;
                const mayRemove = removalRefusal(facts(entry)) === null;
                return (
                  <li key={entry.applicationId} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">{entry.applicationName}</span>
                    <Select
                      value={entry.role}
                      disabled={locked || !mayChange || changeRole.isPending}
                      onValueChange={(value) =>
                        run(
                          () => changeRole.mutateAsync([member.id, entry.applicationId, value as MemberRole]),
                          t("member.roleChanged", { application: entry.applicationName }),
                        )
                      }
                    >
                      <SelectTrigger
                        className="h-8 w-44"
                        aria-label={t("member.roleIn", { application: entry.applicationName })}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {(locked ? (["admin_creator"] as const) : GRANTABLE_ROLES).map((role) => (
                          <SelectItem key={role} value={role}>
                            {t(`common:roles.${role}`)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-8"
                      disabled={!mayRemove}
                      onClick={() => setToRemove(entry)}
                      aria-label={t("member.remove", { application: entry.applicationName })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>

          {addable.length > 0 ? (
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">{t("member.addTitle")}</h3>
              <div className="flex flex-wrap items-center gap-2">
                <Select
                  value={adding.applicationId}
                  onValueChange={(applicationId) => setAdding({ ...adding, applicationId })}
                >
                  <SelectTrigger className="h-9 min-w-0 flex-1" aria-label={t("member.addApplication")}>
                    <SelectValue placeholder={t("member.addApplication")} />
                  </SelectTrigger>
                  <SelectContent>
                    {addable.map((app) => (
                      <SelectItem key={app.id} value={app.id}>
                        {app.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <Select
                  value={adding.role}
                  onValueChange={(role) =>
                    setAdding({ ...adding, role: role === "admin_invited" ? "admin_invited" : "collaborator" })
                  }
                >
                  <SelectTrigger className="h-9 w-44" aria-label={t("member.addRole")}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {GRANTABLE_ROLES.filter(
                      (role) => role === "collaborator" || actorRole(adding.applicationId) === "owner",
                    ).map((role) => (
                      <SelectItem key={role} value={role}>
                        {t(`common:roles.${role}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <Button
                  size="sm"
                  disabled={!adding.applicationId}
                  loading={add.isPending}
                  onClick={() =>
                    run(async () => {
                      await add.mutateAsync([member.id, adding.applicationId, adding.role]);
                      setAdding({ applicationId: "", role: "collaborator" });
                    }, t("member.added"))
                  }
                >
                  <Plus aria-hidden />
                  {t("member.add")}
                </Button>
              </div>
            </section>
          ) : null}
        </DialogContent>
      </Dialog>

      <AlertDialog open={toRemove !== null} onOpenChange={(open) => (open ? null : setToRemove(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("member.removeTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("member.removeText", { name: member.name, application: toRemove?.applicationName ?? "" })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("actions.cancel")}</AlertDialogCancel>
            <AlertDialogAction destructive onClick={confirmRemoval}>
              {t("member.removeConfirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
