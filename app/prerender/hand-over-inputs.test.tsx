// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { followDrawnFields, handOverInputs } from "./hand-over-inputs.ts";

/** The drawn page: what the build wrote (a form of /auth, after React's hoisted preload), in the app's root. */
function drawnPage(): { root: HTMLElement; drawn: HTMLElement } {
  const root = document.createElement("div");
  root.innerHTML = `<link rel="preload" as="image" href="/icons/campo.svg"><div><form>
      <input type="email" name="email"><input type="password" name="password"><input type="checkbox" name="keep">
    </form></div>`;
  document.body.replaceChildren(root);
  return { root, drawn: root.querySelector("div")! };
}

function type(input: HTMLInputElement, text: string): void {
  input.focus();
  input.value = text;
}

const submissions: Record<string, string>[] = [];
function AppLogin() {
  const form = useForm({ defaultValues: { email: "", password: "" } });
  return (
    <form onSubmit={form.handleSubmit((values) => void submissions.push(values))}>
      <input type="email" {...form.register("email")} />
      <input type="password" {...form.register("password")} />
      <button type="submit">Entrar</button>
    </form>
  );
}

/** What the app's first render does: its own page in place of the drawn one. */
function appTakesOver(root: HTMLElement): void {
  root.replaceChildren();
  render(<AppLogin />, { container: root });
}

describe("what was typed into a prerendered page before the app drew it again", () => {
  afterEach(() => {
    cleanup();
    submissions.length = 0;
  });

  it("moves to the app's fields, heard by its form, with the focus and caret where they were", async () => {
    const { root, drawn } = drawnPage();
    const fields = followDrawnFields(root);
    const [email, password] = Array.from(drawn.querySelectorAll("input"));
    type(email!, "ana@campo.app");
    type(password!, "segredo-123");
    password!.setSelectionRange(3, 3);

    appTakesOver(root);
    expect(handOverInputs(root, fields)).toBe(true);

    const [appEmail, appPassword] = Array.from(root.querySelectorAll("input"));
    expect(appEmail!.value).toBe("ana@campo.app");
    expect(appPassword!.value).toBe("segredo-123");
    expect(document.activeElement).toBe(appPassword);
    expect(appPassword!.selectionStart).toBe(3);
    root.querySelector("button")!.click();
    await expect.poll(() => submissions).toEqual([{ email: "ana@campo.app", password: "segredo-123" }]);
  });

  it("waits while the app's page has no twin of a typed field (a loading screen first)", () => {
    const { root, drawn } = drawnPage();
    const fields = followDrawnFields(root);
    type(drawn.querySelector("input")!, "ana@campo.app");
    root.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Carregando..." }));
    expect(handOverInputs(root, fields)).toBe(false);
    appTakesOver(root);
    expect(handOverInputs(root, fields)).toBe(true);
    expect(root.querySelector("input")!.value).toBe("ana@campo.app");
  });

  it("leaves untouched fields and the focus alone when nothing was typed and the visitor left the field", async () => {
    const { root, drawn } = drawnPage();
    const fields = followDrawnFields(root);
    const email = drawn.querySelector("input")!;
    email.focus();
    email.blur();
    // The blur is weighed once the task that caused it is over (a removal by the app's render also blurs).
    await Promise.resolve();
    appTakesOver(root);
    expect(handOverInputs(root, fields)).toBe(true);
    expect(root.querySelector("input")!.value).toBe("");
    expect(root.contains(document.activeElement)).toBe(false);
  });
});
