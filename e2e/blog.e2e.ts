import { describe, expect, it } from "vitest";
import type { BrowserContextOptions } from "playwright-core";
import { registrationFor } from "../server/test-support/registration.ts";
import { pngBytes } from "../server/test-support/fixtures/sync-fixtures.ts";
import { useAppServerAndBrowser } from "./support/journey.ts";

const PHONE = { viewport: { width: 390, height: 844 } } satisfies BrowserContextOptions;
const DESKTOP = { viewport: { width: 1280, height: 900 } } satisfies BrowserContextOptions;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe("blog", () => {
  const journey = useAppServerAndBrowser({ SUPER_ADMIN_EMAILS: "editor@campo.test" });

  it("a super admin writes and publishes a post with a cover; a visitor reads it at /blog/:slug and finds it in /blog", async () => {
    const url = journey.server.url;
    const editor = await journey.browser.newContext({ locale: "pt-BR", ...DESKTOP });
    const signUp = await editor.request.post(`${url}/api/account/register`, {
      data: registrationFor("editor@campo.test", "secret123", "Edi Tora"),
      headers: { origin: url },
    });
    expect(signUp.ok()).toBe(true);
    const page = await editor.newPage();
    await page.goto(`${url}/blog-admin`);
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await page.getByText("Nenhum post ainda. Escreva o primeiro.").waitFor();
    await page.getByRole("link", { name: "Novo post" }).click();
    await page.getByRole("heading", { level: 1, name: "Novo post" }).waitFor();

    await page.getByRole("textbox", { name: "Título" }).fill("Coleta de dados no Cerrado: ação!");
    expect(await page.getByRole("textbox", { name: "Endereço (slug)" }).inputValue()).toBe(
      "coleta-de-dados-no-cerrado-acao",
    );
    await page.getByRole("textbox", { name: "Descrição" }).fill("Como planejar uma campanha de campo sem sinal.");
    await page
      .getByRole("textbox", { name: "Texto (Markdown)" })
      .fill(
        "## Planejamento\n\nLeve **baterias** extras.\n\n<script>window.hacked = 1</script>\n\n[x](javascript:alert(1))",
      );
    const preview = page.getByRole("region", { name: "Pré-visualização" });
    await preview.getByRole("heading", { level: 2, name: "Planejamento" }).waitFor();
    expect(await preview.locator("strong").textContent()).toBe("baterias");
    expect(await preview.locator("script").count()).toBe(0);
    expect(await preview.getByText("<script>window.hacked = 1</script>").count()).toBe(1);
    await page.getByText("Salve o post para publicar, enviar a capa ou inserir imagens no texto.").waitFor();

    await page.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Post salvo.").waitFor();
    await page.getByRole("heading", { level: 1, name: "Editar post" }).waitFor();
    expect(page.url()).toMatch(/\/blog-admin\/[0-9a-f-]{36}$/);

    await page.getByLabel("Capa", { exact: true }).setInputFiles({
      name: "capa.png",
      mimeType: "image/png",
      buffer: pngBytes("blog-cover"),
    });
    await page.getByRole("img", { name: "Capa atual do post" }).waitFor();
    // An image for the body: uploaded to Campo, its Markdown put at the cursor (here the end of the text).
    const bodyText = page.getByRole("textbox", { name: "Texto (Markdown)" });
    await bodyText.press("Control+End");
    await page.getByLabel("Inserir imagem").setInputFiles({
      name: "mapa-da-area.png",
      mimeType: "image/png",
      buffer: pngBytes("blog-body-image"),
    });
    await preview.getByRole("img", { name: "mapa-da-area" }).waitFor();
    expect(await bodyText.inputValue()).toMatch(
      /\)!\[mapa-da-area\]\(\/api\/blog\/images\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.png\)$/,
    );
    await page.getByRole("button", { name: "Publicar agora" }).click();
    await page.getByText("Post publicado.").waitFor();
    await page.getByText("Publicado", { exact: true }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/blog-editor.png`, fullPage: true });
    await editor.close();

    const visitor = await journey.browser.newContext({ locale: "pt-BR", ...PHONE });
    const reader = await visitor.newPage();
    await reader.goto(`${url}/blog`);
    await reader.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    const card = reader.getByRole("link", { name: /Coleta de dados no Cerrado: ação!/ });
    await card.getByText("Como planejar uma campanha de campo sem sinal.").waitFor();
    await card.getByText("1 min de leitura").waitFor();
    if (SCREENSHOTS) await reader.screenshot({ path: `${SCREENSHOTS}/blog-list.png`, fullPage: true });
    await card.click();
    await reader.waitForURL(`${url}/blog/coleta-de-dados-no-cerrado-acao`);
    await reader.getByRole("heading", { level: 1, name: "Coleta de dados no Cerrado: ação!" }).waitFor();
    await reader.getByRole("heading", { level: 2, name: "Planejamento" }).waitFor();
    await reader.getByRole("img", { name: "Capa do post" }).waitFor();
    const bodyImage = reader.locator("article").getByRole("img", { name: "mapa-da-area" });
    const bodyImageSrc = (await bodyImage.getAttribute("src")) ?? "";
    expect(bodyImageSrc).toMatch(/^\/api\/blog\/images\//);
    expect((await visitor.request.get(`${url}${bodyImageSrc}`)).headers()["content-type"]).toBe("image/png");
    expect(await reader.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(await reader.locator('article a[href^="javascript"]').count()).toBe(0);
    expect(await reader.title()).toBe("Coleta de dados no Cerrado: ação! · Campo");
    expect(await reader.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    if (SCREENSHOTS) await reader.screenshot({ path: `${SCREENSHOTS}/blog-post.png`, fullPage: true });

    // A first load of the same address gets the meta tags from the server, for crawlers that run no script.
    const served = await visitor.request.get(`${url}/blog/coleta-de-dados-no-cerrado-acao`);
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(html).toContain('<meta property="og:title" content="Coleta de dados no Cerrado: ação!" data-page-meta />');
    expect(html).toMatch(
      /<meta property="og:image" content="[^"]+\/api\/blog\/covers\/[0-9a-f-]{36}\.png" data-page-meta \/>/,
    );

    // Loaded from the server, then left for the list: the head is the app's own again.
    await reader.goto(`${url}/blog/coleta-de-dados-no-cerrado-acao`);
    await reader.getByRole("heading", { level: 1, name: "Coleta de dados no Cerrado: ação!" }).waitFor();
    await reader.getByRole("link", { name: "Voltar ao blog" }).click();
    await reader.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    expect(await reader.title()).toBe("Campo");
    expect(await reader.locator('meta[property^="og:"], link[rel="canonical"]').count()).toBe(0);

    await reader.goto(`${url}/blog/nao-existe`);
    await reader.getByRole("heading", { level: 1, name: "404" }).waitFor();
    await visitor.close();
  });
});
