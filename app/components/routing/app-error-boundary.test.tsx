// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import i18next from "i18next";
import type { ReactNode } from "react";
import { render, screen, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppErrorBoundary } from "./app-error-boundary.tsx";
import ptBR from "../../../shared/i18n/locales/pt-BR/common.json";

async function withPortuguese(node: ReactNode): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "pt-BR",
    resources: { "pt-BR": { common: ptBR } },
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  return renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

describe("AppErrorBoundary", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("turns a render error into its state", () => {
    const error = new Error("boom");
    expect(AppErrorBoundary.getDerivedStateFromError(error)).toEqual({ error });
  });

  it("renders its children while nothing failed", async () => {
    expect(await withPortuguese(<AppErrorBoundary>tudo certo</AppErrorBoundary>)).toBe("tudo certo");
  });

  it("shows the spec's full-page message with reload and recover once a child failed", async () => {
    const boundary = new AppErrorBoundary({ children: "tudo certo" });
    boundary.state = { error: new Error("boom") };
    const html = await withPortuguese(boundary.render());
    expect(html).toContain("Algo deu errado");
    expect(html).toContain("A aplicação encontrou um erro inesperado. Tente recarregar a página.");
    expect(html).toContain("Recarregar Página");
    expect(html).toContain("Tentar Recuperar");
    expect(html).not.toContain("tudo certo");
  });

  it("clears the error on 'Tentar Recuperar' so the children render again", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { common: ptBR } }, defaultNS: "common" });
    let broken = true;
    function Child() {
      if (broken) throw new Error("boom");
      return <p>tudo certo</p>;
    }
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <AppErrorBoundary>
          <Child />
        </AppErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByText("Algo deu errado")).toBeTruthy();
    expect(screen.queryByText("tudo certo")).toBeNull();

    broken = false;
    await userEvent.click(screen.getByRole("button", { name: "Tentar Recuperar" }));
    expect(screen.getByText("tudo certo")).toBeTruthy();
    expect(screen.queryByText("Algo deu errado")).toBeNull();
  });
});
