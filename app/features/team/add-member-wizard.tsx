import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { Link, useNavigate } from "react-router";
import { Check, Crown, TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { ApiClientError } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { upgradePath } from "../../lib/upgrade-path.ts";
import type { ManagedApplication } from "../../../shared/team/team-dtos.ts";
import {
  GRANTABLE_ROLES,
  inviteBasicsSchema,
  type Grant,
  type GrantableRole,
  type InviteBasics,
} from "../../../shared/team/team-schemas.ts";
import { teamApi, useTeamMutation } from "./team-api.ts";
import { announceSentInvite } from "./team-feedback.ts";
import { apiErrorText } from "../../lib/api-error-text.ts";

const STEPS = ["basics", "applications", "confirm"] as const;

/** Only the creator invites administrators (the server refuses it otherwise): others offer collaborator only. */
function rolesFor(app: ManagedApplication): readonly GrantableRole[] {
  return app.role === "owner" ? GRANTABLE_ROLES.slice().reverse() : ["collaborator"];
}

interface AddMemberWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applications: ManagedApplication[];
  /** The caller's own team has no seat left: their own applications cannot take anyone new. */
  seatsFull: boolean;
}

/** Step 1 says the plan's seats are taken before any typing, and where the upgrade is. */
function SeatsFull({ blocksAll }: { blocksAll: boolean }) {
  const { t } = useTranslation("team");
  return (
    <Alert variant="warning" data-testid="seats-full">
      <TriangleAlert aria-hidden />
      <div className="flex flex-col gap-2">
        <AlertTitle>{t("page.limitTitle")}</AlertTitle>
        <AlertDescription>{t(blocksAll ? "wizard.seatsFull" : "wizard.seatsFullOthers")}</AlertDescription>
        <div>
          <Button asChild size="sm">
            <Link to={upgradePath("members")}>
              <Crown aria-hidden />
              {t("wizard.upgrade")}
            </Link>
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/**
 * The 3-step add-member wizard (spec 000 §4): basic data → applications with a role each (collaborator first)
 * → confirmation. Sending needs steps 1 and 2 complete and at least one application. With the caller's seats all
 * taken, only applications of other owners (held as invited administrator) can be offered.
 */
export function AddMemberWizard({ open, onOpenChange, applications: managed, seatsFull }: AddMemberWizardProps) {
  const { t } = useTranslation("team");
  const applications = seatsFull ? managed.filter((app) => app.role !== "owner") : managed;
  const blocksAll = seatsFull && applications.length === 0;
  const [step, setStep] = useState(0);
  const [basics, setBasics] = useState<InviteBasics | null>(null);
  const [grants, setGrants] = useState<Grant[]>([]);
  const form = useForm<InviteBasics>({
    resolver: zodResolver(inviteBasicsSchema),
    defaultValues: { name: "", email: "" },
  });
  const sending = useTeamMutation(teamApi.invite);
  const navigate = useNavigate();

  const reset = () => {
    setStep(0);
    setBasics(null);
    setGrants([]);
    form.reset({ name: "", email: "" });
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const toggle = (applicationId: string, checked: boolean) =>
    setGrants((current) =>
      checked
        ? [...current, { applicationId, role: "collaborator" }]
        : current.filter((grant) => grant.applicationId !== applicationId),
    );
  const setRole = (applicationId: string, role: GrantableRole) =>
    setGrants((current) =>
      current.map((grant) => (grant.applicationId === applicationId ? { ...grant, role } : grant)),
    );

  const submitBasics = form.handleSubmit((values) => {
    setBasics(values);
    setStep(1);
  });
  const canSend = basics !== null && grants.length > 0;

  const send = async () => {
    if (!basics || grants.length === 0) return;
    try {
      const result = await sending.mutateAsync([{ ...basics, grants }]);
      await announceSentInvite(t, result);
      close(false);
    } catch (error) {
      const seatsTaken = error instanceof ApiClientError && error.code === "TEAM_MEMBER_LIMIT_REACHED";
      toast.error(t("invite.failed"), {
        description: apiErrorText(t, error),
        ...(seatsTaken
          ? { action: { label: t("wizard.upgrade"), onClick: () => void navigate(upgradePath("members")) } }
          : {}),
      });
    }
  };

  const nameOf = (id: string) => applications.find((app) => app.id === id)?.name ?? "";
  const errors = form.formState.errors;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("wizard.title")}</DialogTitle>
          <DialogDescription>{t("wizard.stepOf", { step: step + 1, total: STEPS.length })}</DialogDescription>
        </DialogHeader>
        <ol className="flex items-center gap-2 text-xs" aria-label={t("wizard.steps")}>
          {STEPS.map((name, index) => (
            <li
              key={name}
              className="flex flex-1 items-center gap-2"
              aria-current={index === step ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full border font-semibold",
                  index < step
                    ? "border-primary bg-primary text-primary-foreground"
                    : index === step
                      ? "border-primary text-primary"
                      : "text-muted-foreground",
                )}
              >
                {index < step ? <Check className="size-3" aria-hidden /> : index + 1}
              </span>
              <span className={cn("truncate", index === step ? "font-medium" : "text-muted-foreground")}>
                {t(`wizard.${name}`)}
              </span>
            </li>
          ))}
        </ol>

        {step === 0 && seatsFull ? <SeatsFull blocksAll={blocksAll} /> : null}
        {step === 0 ? (
          <form id="invite-basics" onSubmit={submitBasics} noValidate className="flex flex-col gap-4">
            <FormField label={t("fields.name")} error={errors.name?.message && t(errors.name.message)} required>
              <Input autoComplete="off" {...form.register("name")} />
            </FormField>
            <FormField label={t("fields.email")} error={errors.email?.message && t(errors.email.message)} required>
              <Input type="email" autoComplete="off" {...form.register("email")} />
            </FormField>
          </form>
        ) : null}

        {step === 1 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm text-muted-foreground">{t("wizard.applicationsHint")}</legend>
            <ul className="flex max-h-96 flex-col gap-1 overflow-y-auto rounded-md border p-1">
              {applications.map((app) => {
                const grant = grants.find((entry) => entry.applicationId === app.id);
                const id = `grant-${app.id}`;
                return (
                  <li key={app.id} className="flex flex-wrap items-center gap-2 rounded px-2 py-1.5 hover:bg-muted">
                    <Checkbox
                      id={id}
                      checked={grant !== undefined}
                      onCheckedChange={(checked) => toggle(app.id, checked === true)}
                    />
                    <Label htmlFor={id} className="min-w-0 flex-1 truncate font-normal">
                      {app.name}
                    </Label>
                    {grant ? (
                      <Select
                        value={grant.role}
                        onValueChange={(value) =>
                          setRole(app.id, value === "admin_invited" ? "admin_invited" : "collaborator")
                        }
                      >
                        <SelectTrigger className="h-8 w-44" aria-label={t("wizard.roleFor", { name: app.name })}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {rolesFor(app).map((role) => (
                            <SelectItem key={role} value={role}>
                              {t(`common:roles.${role}`)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {grants.length === 0 ? <p className="text-sm text-muted-foreground">{t("wizard.pickOne")}</p> : null}
          </fieldset>
        ) : null}

        {step === 2 && basics ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border p-4 text-sm">
            <dt className="text-muted-foreground">{t("fields.name")}</dt>
            <dd className="break-words font-medium">{basics.name}</dd>
            <dt className="text-muted-foreground">{t("fields.email")}</dt>
            <dd className="break-all font-medium">{basics.email}</dd>
            <dt className="text-muted-foreground">{t("wizard.applications")}</dt>
            <dd>
              <ul className="flex flex-col gap-1">
                {grants.map((grant) => (
                  <li key={grant.applicationId}>
                    {nameOf(grant.applicationId)} — {t(`common:roles.${grant.role}`)}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        ) : null}

        <DialogFooter>
          {step > 0 ? (
            <Button variant="outline" onClick={() => setStep(step - 1)} disabled={sending.isPending}>
              {t("wizard.back")}
            </Button>
          ) : null}
          {step === 0 ? (
            <Button type="submit" form="invite-basics" disabled={blocksAll}>
              {t("wizard.next")}
            </Button>
          ) : null}
          {step === 1 ? (
            <Button onClick={() => setStep(2)} disabled={grants.length === 0}>
              {t("wizard.next")}
            </Button>
          ) : null}
          {step === 2 ? (
            <Button onClick={send} disabled={!canSend} loading={sending.isPending}>
              {t("wizard.send")}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
