// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { clickNeedsApp, pendingClickOn, replayClick } from "./replay-click.ts";

function tree(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

function click(target: Element, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, "target", { value: target });
  return event;
}

const LANDING = `
  <header><a href="/auth">Entrar</a><a href="/auth">Testar grátis</a><button aria-label="Abrir menu">≡</button></header>
  <main><a href="#sectors">Setores</a><a href="/auth"><span>Testar grátis</span></a></main>`;

describe("a click on the prerendered landing before the app", () => {
  it("needs the app for a plain click on a link to another page or a button, nested text included", () => {
    const root = tree(LANDING);
    const hero = root.querySelector("main span")!;
    expect(clickNeedsApp(click(hero))).toBe(hero.parentElement);
    const menu = root.querySelector("button")!;
    expect(clickNeedsApp(click(menu))).toBe(menu);
  });

  it("leaves to the browser same-page anchors, other sites, new tabs and modified or middle clicks", () => {
    const root = tree(`${LANDING}<a href="https://example.com/x">Fora</a><a href="/auth" target="_blank">Nova</a>`);
    const [login] = root.querySelectorAll("a");
    expect(clickNeedsApp(click(root.querySelector('a[href="#sectors"]')!))).toBeNull();
    expect(clickNeedsApp(click(root.querySelector('a[href^="https:"]')!))).toBeNull();
    expect(clickNeedsApp(click(root.querySelector('a[target="_blank"]')!))).toBeNull();
    expect(clickNeedsApp(click(login!, { ctrlKey: true }))).toBeNull();
    expect(clickNeedsApp(click(login!, { button: 1 }))).toBeNull();
    expect(clickNeedsApp(click(root.querySelector("main")!))).toBeNull();
  });

  it("is replayed on the same one of equal elements in the app's tree, once the app has drawn it", () => {
    const root = tree(LANDING);
    const pending = pendingClickOn(root, root.querySelector<HTMLElement>("main a")!);

    root.innerHTML = "<p>Carregando...</p>";
    expect(replayClick(root, pending)).toBe(false);

    root.innerHTML = `<div class="layout"><div role="region"></div>${LANDING}</div>`;
    const clicked: string[] = [];
    root.addEventListener("click", (event) => clicked.push((event.target as Element).closest("header, main")!.tagName));
    expect(replayClick(root, pending)).toBe(true);
    expect(clicked).toEqual(["MAIN"]);
  });
});
