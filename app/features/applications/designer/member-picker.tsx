import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select.tsx";
import { applicationsApi, TEAM_MEMBERS_QUERY_KEY, type MemberSelection } from "../api/applications-api.ts";

const MEMBER_ROLES: readonly MemberSelection["role"][] = ["collaborator", "admin_invited"];

/**
 * Team members the application is shared with when visibility is 'specific'. Hidden while the owner has no
 * team (or the team list cannot be read): the application then simply has no extra members.
 */
export function MemberPicker({
  selected,
  onChange,
}: {
  selected: MemberSelection[];
  onChange: (members: MemberSelection[]) => void;
}) {
  const { t } = useTranslation("designer");
  const members = useQuery({
    queryKey: TEAM_MEMBERS_QUERY_KEY,
    queryFn: applicationsApi.teamMembers,
    retry: false,
    staleTime: 60_000,
  });
  if (!members.data || members.data.length === 0) return null;

  const roleOf = (memberId: string) => selected.find((entry) => entry.teamMemberId === memberId)?.role;
  const toggle = (memberId: string, checked: boolean) =>
    // Ticking a member gives the collaborator role first (spec 000 §4).
    onChange(
      checked
        ? [...selected, { teamMemberId: memberId, role: "collaborator" }]
        : selected.filter((entry) => entry.teamMemberId !== memberId),
    );
  const setRole = (memberId: string, role: MemberSelection["role"]) =>
    onChange(selected.map((entry) => (entry.teamMemberId === memberId ? { ...entry, role } : entry)));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t("settings.members")}</legend>
      <ul className="flex max-h-96 flex-col gap-1 overflow-y-auto rounded-md border p-1">
        {members.data.map((member) => {
          const role = roleOf(member.id);
          const checkboxId = `member-${member.id}`;
          return (
            <li key={member.id} className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-muted">
              <Checkbox
                id={checkboxId}
                checked={role !== undefined}
                onCheckedChange={(checked) => toggle(member.id, checked === true)}
              />
              <Label htmlFor={checkboxId} className="flex min-w-0 flex-1 flex-col gap-0.5 font-normal">
                <span className="truncate text-sm font-medium">{member.name}</span>
                <span className="truncate text-xs text-muted-foreground">{member.email}</span>
              </Label>
              {role ? (
                <Select
                  value={role}
                  onValueChange={(value) =>
                    setRole(member.id, value === "admin_invited" ? "admin_invited" : "collaborator")
                  }
                >
                  <SelectTrigger className="h-8 w-36" aria-label={t("settings.memberRole", { name: member.name })}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {MEMBER_ROLES.map((value) => (
                      <SelectItem key={value} value={value}>
                        {t(`common:roles.${value}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
