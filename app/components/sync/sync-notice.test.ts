import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import ptBR from "../../../shared/i18n/locales/pt-BR/sync.json";
import { emptyReport, type SyncReport } from "../../offline/sync-report.ts";
import { AUTO_SYNC_FAILED_NOTICE, noticeFor, type SyncNotice } from "./sync-notice.ts";

const report = (changes: Partial<SyncReport>): SyncReport => ({ ...emptyReport(false), ...changes });

async function portuguese(): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "pt-BR",
    ns: ["sync"],
    defaultNS: "sync",
    resources: { "pt-BR": { sync: ptBR } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

async function texts(notice: SyncNotice | null): Promise<{ title: string; description?: string } | null> {
  if (!notice) return null;
  const t = await portuguese();
  return {
    title: t(notice.title),
    description: notice.description ? t(notice.description.key, notice.description.params) : undefined,
  };
}

describe("noticeFor", () => {
  it("says the spec's success text", async () => {
    expect(await texts(noticeFor(report({ synced: 3 })))).toEqual({
      title: "Sincronização concluída",
      description: "3 registro(s) sincronizado(s)",
    });
  });

  it("reports the plan limit with the counts and offers the plans", async () => {
    const notice = noticeFor(report({ synced: 2, blocked: 1 }));
    expect(notice?.offerPlans).toBe("submissions");
    expect(await texts(notice)).toEqual({
      title: "Limite de registros atingido",
      description: "2 sincronizado(s), 1 bloqueado(s). Faça upgrade...",
    });
  });

  it("tells a storage refusal apart and offers the plans for storage", async () => {
    const notice = noticeFor(report({ synced: 1, blocked: 2, storageBlocked: 2 }));
    expect(notice?.offerPlans).toBe("storage");
    expect(await texts(notice)).toEqual({
      title: "Limite de armazenamento atingido",
      description: "1 sincronizado(s), 2 aguardando espaço para fotos e assinaturas. Faça upgrade...",
    });
    expect(noticeFor(report({ blocked: 3, storageBlocked: 1 }))?.offerPlans).toBe("submissions");
  });

  it("reports a partial sync when some records were refused or are still waiting", async () => {
    expect((await texts(noticeFor(report({ synced: 1, rejected: 1 }))))?.title).toBe(
      "Alguns registros não foram sincronizados",
    );
    expect((await texts(noticeFor(report({ synced: 1, failed: 2, networkError: true }))))?.title).toBe(
      "Alguns registros não foram sincronizados",
    );
  });

  it("reports a failed sync as an error", async () => {
    expect((await texts(noticeFor(report({ failed: 2, networkError: true }))))?.title).toBe("Erro na sincronização");
    expect((await texts(AUTO_SYNC_FAILED_NOTICE))?.title).toBe("Erro na sincronização automática");
  });

  it("maps each authentication problem to its text and redirect", async () => {
    expect((await texts(noticeFor(report({ authError: "not_logged_in" }))))?.title).toBe("Erro de autenticação");
    const critical = noticeFor(report({ authError: "invalid_session", failed: 1 }));
    expect(critical?.redirect).toEqual({ to: "/home", afterMs: 2000 });
    expect((await texts(critical))?.title).toBe("Erro de autenticação crítico");
    const server = noticeFor(report({ authError: "server_unrecognised", failed: 1 }));
    expect(server?.redirect?.afterMs).toBe(3000);
    expect((await texts(server))?.title).toBe("Problema de autenticação no servidor");
    expect((await texts(noticeFor(report({ authError: "lost_during_sync", synced: 1 }))))?.title).toBe(
      "Erro de autenticação durante sincronização",
    );
  });

  it("speaks about offline and empty runs only when the user asked", async () => {
    expect(noticeFor(report({ skipped: "nothing" }))).toBeNull();
    expect((await texts(noticeFor(report({ skipped: "nothing", manual: true }))))?.title).toBe("Nada para sincronizar");
    expect(noticeFor(report({ skipped: "offline", networkError: true }))).toBeNull();
    expect((await texts(noticeFor(report({ skipped: "offline", networkError: true, manual: true }))))?.title).toBe(
      "Modo offline",
    );
  });
});
