// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { DatePicker } from "./date-picker.tsx";
import ptBR from "../../../shared/i18n/locales/pt-BR/common.json";
import en from "../../../shared/i18n/locales/en/common.json";

async function renderPicker(language: "pt-BR" | "en", value: string | undefined) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { "pt-BR": { common: ptBR }, en: { common: en } }, defaultNS: "common" });
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <DatePicker id="from" value={value} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe("DatePicker", () => {
  afterEach(cleanup);

  it("shows the day in the UI language's order: dd/MM/yyyy in Portuguese, MM/dd/yyyy in English", async () => {
    await renderPicker("pt-BR", "2026-05-07");
    expect(screen.getByRole("button", { name: "07/05/2026" })).toBeTruthy();
    cleanup();
    await renderPicker("en", "2026-05-07");
    expect(screen.getByRole("button", { name: "05/07/2026" })).toBeTruthy();
  });

  it("shows the placeholder and no clear button without a day", async () => {
    await renderPicker("pt-BR", undefined);
    expect(screen.getByRole("button", { name: "dd/mm/aaaa" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Limpar data" })).toBeNull();
  });

  it("picks a day from the calendar as YYYY-MM-DD, and clears it", async () => {
    const onChange = await renderPicker("pt-BR", "2026-05-07");
    await userEvent.click(screen.getByRole("button", { name: "07/05/2026" }));
    // The calendar is its own chunk, loaded when the picker first opens.
    await userEvent.click(await screen.findByRole("button", { name: /15 de maio de 2026/ }, { timeout: 10_000 }));
    expect(onChange).toHaveBeenLastCalledWith("2026-05-15");
    await userEvent.click(screen.getByRole("button", { name: "Limpar data" }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
