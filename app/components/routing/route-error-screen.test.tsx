// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nextProvider } from "react-i18next";
import i18next from "i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouteErrorScreen } from "./route-error-screen.tsx";
import { routes } from "../../routes.tsx";
import ptBR from "../../../shared/i18n/locales/pt-BR/common.json";

describe("RouteErrorScreen", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  async function renderRoutes(Page: () => React.ReactNode) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { common: ptBR } }, defaultNS: "common" });
    const router = createMemoryRouter(
      [{ errorElement: <RouteErrorScreen />, children: [{ path: "/dados", Component: Page }] }],
      { initialEntries: ["/dados?aba=graficos"] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    return router;
  }

  it("shows the spec's full-page message for a page that throws, not React Router's own screen", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await renderRoutes(() => {
      throw new Error("boom");
    });
    expect(await screen.findByText("Algo deu errado")).toBeTruthy();
    expect(screen.getByText("A aplicação encontrou um erro inesperado. Tente recarregar a página.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Recarregar Página" })).toBeTruthy();
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull();
    expect(logged).toHaveBeenCalledWith("Unexpected UI error", expect.objectContaining({ message: "boom" }));
  });

  it("renders the page again at the same address on 'Tentar Recuperar'", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let broken = true;
    const router = await renderRoutes(() => {
      if (broken) throw new Error("boom");
      return <p>tudo certo</p>;
    });
    await screen.findByText("Algo deu errado");
    broken = false;
    await userEvent.click(screen.getByRole("button", { name: "Tentar Recuperar" }));
    expect(await screen.findByText("tudo certo")).toBeTruthy();
    expect(screen.queryByText("Algo deu errado")).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe("/dados?aba=graficos");
  });

  it("is the error boundary of the app's whole route table", () => {
    expect(routes).toHaveLength(1);
    const element = routes[0]?.errorElement;
    expect(element && typeof element === "object" && "type" in element ? element.type : null).toBe(RouteErrorScreen);
  });
});
