import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { Button } from "./button.tsx";
import { FormField } from "./form-field.tsx";
import { Input } from "./input.tsx";
import { TOASTER_OPTIONS } from "./toaster.tsx";

describe("Button", () => {
  it("is a non-submitting button by default", () => {
    expect(renderToString(<Button>Salvar</Button>)).toMatch(/^<button type="button"/);
  });

  it("is disabled and busy while loading", () => {
    const html = renderToString(<Button loading>Enviando...</Button>);
    expect(html).toContain("disabled");
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Enviando...");
  });

  it("renders its child with the button look when asChild", () => {
    const html = renderToString(
      <Button asChild variant="outline">
        <a href="/auth">Entrar</a>
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*class="[^"]*border-input/);
    expect(html).not.toContain("<button");
  });
});

describe("FormField", () => {
  it("ties the label, the control and the error together", () => {
    const html = renderToString(
      <FormField id="email" label="Email" error="Email inválido" required>
        <Input />
      </FormField>,
    );
    expect(html).toContain('for="email"');
    expect(html).toMatch(/<input[^>]*id="email"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="email-error"/);
    expect(html).toMatch(/<p id="email-error" role="alert"[^>]*>Email inválido<\/p>/);
  });

  it("marks nothing invalid without an error", () => {
    const html = renderToString(
      <FormField id="name" label="Nome">
        <Input />
      </FormField>,
    );
    expect(html).not.toContain("aria-invalid=");
    expect(html).not.toContain("aria-describedby=");
  });
});

describe("Toaster", () => {
  it("stays clear of the header, the page's top actions and, on phones, the sticky save bar", () => {
    expect(TOASTER_OPTIONS.position).toBe("bottom-right");
    expect(TOASTER_OPTIONS.mobileOffset.bottom).toBeGreaterThanOrEqual(160);
  });

  it("uses the spec's timing and count", () => {
    expect(TOASTER_OPTIONS).toMatchObject({ duration: 4000, visibleToasts: 3 });
  });
});
