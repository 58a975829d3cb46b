// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { ConfirmActionDialog } from "./confirm-action-dialog.tsx";
import ptBR from "../../shared/i18n/locales/pt-BR/common.json";

async function renderDialog(busy: boolean) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: "pt-BR", resources: { "pt-BR": { common: ptBR } }, defaultNS: "common" });
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ConfirmActionDialog
        open
        title="Excluir aplicativo"
        description="Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        busyLabel="Excluindo..."
        busy={busy}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </I18nextProvider>,
  );
  return { onConfirm, onClose };
}

describe("ConfirmActionDialog", () => {
  afterEach(cleanup);

  it("confirms without closing itself: the caller closes it once the request settles", async () => {
    const { onConfirm, onClose } = await renderDialog(false);
    await userEvent.click(screen.getByRole("button", { name: "Excluir" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("alertdialog", { name: "Excluir aplicativo" })).toBeTruthy();
  });

  it("closes on Cancel and on Escape without confirming", async () => {
    const { onConfirm, onClose } = await renderDialog(false);
    await userEvent.click(screen.getByRole("button", { name: ptBR.actions.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // The dialog is controlled: still open until the caller closes it, so Escape asks to close again.
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("while busy shows its progress and cannot be confirmed again or dismissed", async () => {
    const { onConfirm, onClose } = await renderDialog(true);
    const confirm = screen.getByRole("button", { name: "Excluindo..." });
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    await userEvent.click(confirm);
    await userEvent.keyboard("{Escape}");
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
