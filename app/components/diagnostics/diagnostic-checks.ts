import { callApi } from "../../lib/api-call.ts";
import { getHealth } from "../../../shared/api/contracts/health.ts";
import { getMe, getMyPermissions } from "../../../shared/api/contracts/me.ts";
import { listApplications } from "../../../shared/api/contracts/applications.ts";

/**
 * The four diagnostic queries of 'Debug de Aplicações' (spec 000 §2): is the server reachable, who does it think is
 * signed in, what permissions does it grant, which applications does it list. Each answers a short detail for the
 * card; a failure is shown as such, never thrown.
 */
export const DIAGNOSTIC_CHECKS = ["server", "session", "permissions", "applications"] as const;
export type DiagnosticCheck = (typeof DIAGNOSTIC_CHECKS)[number];

export interface DiagnosticResult {
  check: DiagnosticCheck;
  ok: boolean;
  /** Values for the check's detail text (translation interpolation). */
  detail: Record<string, string | number>;
}

const RUNNERS: Record<DiagnosticCheck, () => Promise<Record<string, string | number>>> = {
  server: async () => {
    const health = await callApi(getHealth, {});
    return { status: health.status };
  },
  session: async () => {
    const me = await callApi(getMe, {});
    if (!me.user) throw new Error("signed out");
    return { email: me.user.email };
  },
  permissions: async () => {
    const report = await callApi(getMyPermissions, {});
    return { granted: Object.values(report.permissions).filter(Boolean).length };
  },
  applications: async () => {
    const list = await callApi(listApplications, {});
    return { count: list.applications.length };
  },
};

export async function runDiagnostics(): Promise<DiagnosticResult[]> {
  return Promise.all(
    DIAGNOSTIC_CHECKS.map(async (check) => {
      try {
        return { check, ok: true, detail: await RUNNERS[check]() };
      } catch (error) {
        return { check, ok: false, detail: { error: error instanceof Error ? error.message : String(error) } };
      }
    }),
  );
}
