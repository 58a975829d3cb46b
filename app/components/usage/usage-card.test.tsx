// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { UsageCard } from "./usage-card.tsx";
import { Progress } from "../ui/progress.tsx";
import ptBR from "../../../shared/i18n/locales/pt-BR/subscription.json";

async function renderUsage(used: number, limit: number) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { subscription: ptBR } }, defaultNS: "subscription" });
  render(
    <I18nextProvider i18n={i18n}>
      <UsageCard
        subscription={{
          usage: { submissions: used, applications: 0, teamMembers: 0, storageBytes: 0 },
          limits: { submissions: limit, applications: null, teamMembers: null, storageGb: null },
        }}
      />
    </I18nextProvider>,
  );
  return screen.getByTestId("usage-submissions");
}

describe("usage bars", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("over the limit: a full red bar, the true figure in the text, and no React warning", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const row = await renderUsage(12, 10);
    expect(within(row).getByText("12 de 10")).toBeTruthy();
    const bar = within(row).getByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    expect(row.getAttribute("data-level")).toBe("reached");
    expect(bar.firstElementChild?.className).toContain("bg-destructive");
    expect(errors).not.toHaveBeenCalled();
  });

  it("a bar given a value above its maximum (the collect page's limit banner) clamps it without a warning", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<Progress value={12} max={10} aria-label="12 de 10 registros usados" />);
    const bar = screen.getByRole("progressbar", { name: "12 de 10 registros usados" });
    expect(bar.getAttribute("aria-valuenow")).toBe("10");
    expect(bar.getAttribute("aria-valuemax")).toBe("10");
    expect(errors).not.toHaveBeenCalled();
  });

  it("amber near the limit, the primary colour below it", async () => {
    let row = await renderUsage(9, 10);
    expect(within(row).getByRole("progressbar").firstElementChild?.className).toContain("bg-warning");
    cleanup();
    row = await renderUsage(2, 10);
    expect(within(row).getByRole("progressbar").firstElementChild?.className).toContain("bg-primary");
  });
});
