// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Toaster } from "./toaster.tsx";
import { toast } from "../../lib/toast.ts";

describe("Toaster, loaded with the first toast", () => {
  afterEach(cleanup);

  it("draws nothing until a toast is raised, then shows that toast and the next ones", async () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe("");

    // Raised before sonner is loaded: it waits for the Toaster to listen instead of being lost.
    toast.success("Formulário publicado");
    // sonner's chunk loads on that first toast (transformed on demand here, hence the longer wait).
    expect(await screen.findByText("Formulário publicado", {}, { timeout: 20_000 })).toBeTruthy();

    toast.error("Sem conexão");
    expect(await screen.findByText("Sem conexão")).toBeTruthy();
  });
});
