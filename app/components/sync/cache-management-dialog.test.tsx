// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import sync from "../../../shared/i18n/locales/pt-BR/sync.json";
import { CacheManagementDialog } from "./cache-management-dialog.tsx";
import { useOutbox } from "../../offline/use-outbox.ts";
import { useCachedApplications } from "../../offline/use-cached-applications.ts";

vi.mock("../../lib/session.tsx", () => ({ useSession: () => ({ me: { user: { id: "user-1" } } }) }));
vi.mock("../../offline/use-outbox.ts", () => ({ useOutbox: vi.fn(() => []) }));
vi.mock("../../offline/use-cached-applications.ts", () => ({ useCachedApplications: vi.fn(() => []) }));

async function renderDialog() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { sync } }, defaultNS: "sync" });
  render(
    <I18nextProvider i18n={i18n}>
      <CacheManagementDialog />
    </I18nextProvider>,
  );
}

describe("CacheManagementDialog", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("reads the device's outbox and cached applications only once opened", async () => {
    await renderDialog();
    expect(useOutbox).not.toHaveBeenCalled();
    expect(useCachedApplications).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Gerenciar dados offline" }));
    await screen.findByRole("dialog", { name: "Dados offline e cache" });
    expect(useOutbox).toHaveBeenCalledWith("user-1");
    expect(useCachedApplications).toHaveBeenCalledWith("user-1");
  });

  it("offers each day count under its label, enabled by its switch", async () => {
    await renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Gerenciar dados offline" }));
    const keepSynced = await screen.findByRole("combobox", { name: "Manter registros sincronizados por" });
    const appsDays = screen.getByRole("combobox", { name: sync.cache.autoCleanAppsDays });
    // The defaults: records leave the device once synced, so how long to keep them is moot; apps are cleaned.
    expect(keepSynced.hasAttribute("disabled")).toBe(true);
    expect(appsDays.hasAttribute("disabled")).toBe(false);

    await userEvent.click(screen.getByRole("switch", { name: sync.cache.autoCleanAfterSync }));
    expect(keepSynced.hasAttribute("disabled")).toBe(false);
    await userEvent.click(screen.getByRole("switch", { name: sync.cache.autoCleanApps }));
    expect(appsDays.hasAttribute("disabled")).toBe(true);
    expect(JSON.parse(localStorage.getItem("cache_settings") ?? "{}")).toMatchObject({
      autoCleanAfterSync: false,
      autoCleanApps: false,
    });
  });
});
