// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { CollectHeader } from "./collect-header.tsx";
import collect from "../../../../shared/i18n/locales/pt-BR/collect.json";
import formVersions from "../../../../shared/i18n/locales/pt-BR/form-versions.json";

async function renderHeader(pending: number | null, syncing = false) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { collect, "form-versions": formVersions } } });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <CollectHeader
          name="Nascentes"
          description={null}
          online
          pending={pending}
          syncing={syncing}
          editing={false}
          formVersion={1}
          location={null}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByTestId("sync-status");
}

describe("collect header's sync status", () => {
  afterEach(cleanup);

  it("says nothing about syncing until the device's outbox has been counted", async () => {
    expect((await renderHeader(null)).textContent).toBe("");
  });

  it("says all is synced only when the outbox holds nothing unsent", async () => {
    expect((await renderHeader(0)).textContent).toBe("Tudo sincronizado");
  });

  it("counts the records still waiting", async () => {
    expect((await renderHeader(2)).textContent).toBe("2 registro(s) pendente(s)");
    cleanup();
    expect((await renderHeader(2, true)).textContent).toBe("Sincronizando...");
  });
});
