import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import { pngBytes } from "../../test-support/fixtures/sync-fixtures.ts";
import {
  applicationForm,
  createApplicationVia,
  grantRole,
  textField,
} from "../../test-support/fixtures/application-fixtures.ts";
import type { BlogAdminPost, BlogPostPage, BlogPostView } from "../../../shared/blog/post-views.ts";
import type { BlogPostInput } from "../../../shared/blog/post-schema.ts";
import { BLOG_COVER_MAX_BYTES } from "../../../shared/blog/cover.ts";

const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Campo: formulários para coleta de dados em campo, online e offline." />
    <title>Campo</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

function input(overrides: Partial<BlogPostInput> = {}): BlogPostInput {
  return {
    title: "Coleta offline",
    slug: "coleta-offline",
    description: "Como coletar sem sinal",
    bodyMarkdown: "Texto do post com **negrito**.",
    language: "pt-BR",
    translationOf: null,
    ...overrides,
  };
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

function coverForm(bytes: Uint8Array, type = "image/png"): FormData {
  const form = new FormData();
  form.set("cover", new File([new Uint8Array(bytes)], "capa.png", { type }));
  return form;
}

function imageForm(bytes: Uint8Array, type = "image/png"): FormData {
  const form = new FormData();
  form.set("image", new File([new Uint8Array(bytes)], "mapa.png", { type }));
  return form;
}

describe("blog API", () => {
  let server: TestServer;
  let admin: HttpClient;
  /** Every signed-in role that is not a super admin: the admin routes are global, so none of them counts. */
  const others = {} as Record<"stranger" | "owner" | "collaborator" | "invitedAdmin", HttpClient>;
  let distDir: string;
  const publicUrl = () => server.context.config.publicUrl;

  async function create(overrides: Partial<BlogPostInput> = {}): Promise<BlogAdminPost> {
    const response = await admin.post("/api/blog-admin/posts", input(overrides));
    expect(response.status).toBe(201);
    return ((await response.json()) as { post: BlogAdminPost }).post;
  }

  async function publish(id: string, publishAt?: string): Promise<BlogAdminPost> {
    const response = await admin.post(`/api/blog-admin/posts/${id}/publish`, publishAt ? { publishAt } : {});
    expect(response.status).toBe(200);
    return ((await response.json()) as { post: BlogAdminPost }).post;
  }

  async function publicList(language: string, client = server.client()): Promise<BlogPostPage> {
    const response = await client.get(`/api/blog/posts?language=${language}`);
    expect(response.status).toBe(200);
    return (await response.json()) as BlogPostPage;
  }

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), "campo-blog-dist-"));
    writeFileSync(path.join(distDir, "index.html"), INDEX_HTML);
    server = await startTestServer({
      env: { SUPER_ADMIN_EMAILS: "editor@campo.test" },
      webDist: distDir,
    });
    admin = server.client();
    await admin.signUp("editor@campo.test");
    const ids = {} as Record<keyof typeof others, { id: string; email: string }>;
    for (const role of ["stranger", "owner", "collaborator", "invitedAdmin"] as const) {
      others[role] = server.client();
      ids[role] = await others[role].signUp(`${role.toLowerCase()}@campo.test`);
    }
    const { application } = await createApplicationVia(
      others.owner,
      applicationForm("Campo blog", [textField("Nome")]),
    );
    for (const [role, stored] of [
      ["collaborator", "collaborator"],
      ["invitedAdmin", "admin_invited"],
    ] as const) {
      await grantRole(server.context.database.db, {
        ownerId: ids.owner.id,
        userId: ids[role].id,
        email: ids[role].email,
        applicationId: application.id,
        role: stored,
      });
    }
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(distDir, { recursive: true, force: true });
  });

  describe("admin routes: super admins only, decided by the server", () => {
    const routes: { method: string; path: string; body?: () => BodyInit }[] = [
      { method: "GET", path: "/api/blog-admin/posts" },
      { method: "POST", path: "/api/blog-admin/posts" },
      { method: "GET", path: `/api/blog-admin/posts/${UNKNOWN_ID}` },
      { method: "PUT", path: `/api/blog-admin/posts/${UNKNOWN_ID}` },
      { method: "DELETE", path: `/api/blog-admin/posts/${UNKNOWN_ID}` },
      { method: "POST", path: `/api/blog-admin/posts/${UNKNOWN_ID}/publish` },
      { method: "POST", path: `/api/blog-admin/posts/${UNKNOWN_ID}/unpublish` },
      { method: "PUT", path: `/api/blog-admin/posts/${UNKNOWN_ID}/cover`, body: () => coverForm(pngBytes("x")) },
      { method: "DELETE", path: `/api/blog-admin/posts/${UNKNOWN_ID}/cover` },
      { method: "POST", path: `/api/blog-admin/posts/${UNKNOWN_ID}/images`, body: () => imageForm(pngBytes("x")) },
    ];
    const roles: { role: string; client: () => HttpClient; status: number; code: string }[] = [
      { role: "anonymous", client: () => server.client(), status: 401, code: "UNAUTHENTICATED" },
      ...(["stranger", "owner", "collaborator", "invitedAdmin"] as const).map((role) => ({
        role,
        client: () => others[role],
        status: 403,
        code: "FORBIDDEN",
      })),
    ];
    for (const route of routes) {
      for (const role of roles) {
        it(`${route.method} ${route.path} as ${role.role} → ${role.status}`, async () => {
          const before = await server.context.database.db.query.blogPosts.findMany();
          const body = route.body?.() ?? (route.method === "GET" || route.method === "DELETE" ? undefined : "{}");
          const headers: Record<string, string> =
            typeof body === "string" ? { "content-type": "application/json" } : {};
          const response = await role.client().request(route.path, { method: route.method, body, headers });
          expect(response.status).toBe(role.status);
          expect(await errorCode(response)).toBe(role.code);
          expect(await server.context.database.db.query.blogPosts.findMany()).toEqual(before);
        });
      }
    }

    it("a super admin reaches them (unknown post → 404)", async () => {
      expect((await admin.get("/api/blog-admin/posts")).status).toBe(200);
      expect((await admin.get(`/api/blog-admin/posts/${UNKNOWN_ID}`)).status).toBe(404);
      expect((await admin.get("/api/blog-admin/posts/not-a-uuid")).status).toBe(404);
      expect((await admin.post(`/api/blog-admin/posts/${UNKNOWN_ID}/publish`, {})).status).toBe(404);
    });
  });

  it("public routes hide drafts and scheduled posts; a super admin may preview them", async () => {
    const draft = await create({ title: "Rascunho", slug: "rascunho" });
    const scheduled = await create({ title: "Agendado", slug: "agendado" });
    const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    expect((await publish(scheduled.id, future)).status).toBe("scheduled");
    const live = await create({ title: "Publicado", slug: "publicado" });
    expect((await publish(live.id)).status).toBe("published");

    const slugs = (await publicList("pt-BR")).posts.map((post) => post.slug);
    expect(slugs).toContain("publicado");
    expect(slugs).not.toContain("rascunho");
    expect(slugs).not.toContain("agendado");

    for (const slug of ["rascunho", "agendado", "nao-existe", "Com%20Espa%C3%A7o", "..%2Fetc"]) {
      const response = await server.client().get(`/api/blog/posts/${slug}`);
      expect(response.status).toBe(404);
      expect((await others.owner.get(`/api/blog/posts/${slug}`)).status).toBe(404);
      const html = await fetch(`${server.url}/blog/${slug}`);
      expect(html.status).toBe(404);
      expect(await html.text()).toContain('<div id="root">');
    }
    const preview = (await (await admin.get("/api/blog/posts/agendado")).json()) as { post: BlogPostView };
    expect(preview.post.status).toBe("scheduled");

    const unpublished = await admin.post(`/api/blog-admin/posts/${live.id}/unpublish`, {});
    expect(((await unpublished.json()) as { post: BlogAdminPost }).post.status).toBe("draft");
    expect((await server.client().get("/api/blog/posts/publicado")).status).toBe(404);
    await admin.delete(`/api/blog-admin/posts/${draft.id}`);
    await admin.delete(`/api/blog-admin/posts/${scheduled.id}`);
    await admin.delete(`/api/blog-admin/posts/${live.id}`);
  });

  it("Markdown comes out inert: no script, no event handler, no javascript: link, no http image", async () => {
    const post = await create({
      title: "XSS",
      slug: "xss",
      bodyMarkdown: [
        "<script>alert(1)</script>",
        '<img src="x" onerror="alert(2)">',
        "[x](javascript:alert(3))",
        "[y](JAVASCRIPT:alert(4))",
        "![img](http://tracker.example/p.png) ![ok](https://cdn.example/ok.png) ![data](data:image/png;base64,AAAA)",
        "[site](/blog) [web](https://example.com)",
      ].join("\n\n"),
    });
    await publish(post.id);
    const { post: view } = (await (await server.client().get("/api/blog/posts/xss")).json()) as { post: BlogPostView };
    expect(view.html).not.toMatch(/<script/i);
    expect(view.html).not.toMatch(/<img[^>]*onerror/i);
    expect(view.html).not.toMatch(/href="javascript:/i);
    expect(view.html).not.toMatch(/src="(http:|data:)/i);
    expect(view.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view.html).toContain('<img src="https://cdn.example/ok.png" alt="ok"');
    expect(view.html).toContain('<a href="/blog">site</a>');
    expect(view.html).toContain('href="https://example.com" rel="noopener noreferrer nofollow"');
    await admin.delete(`/api/blog-admin/posts/${post.id}`);
  });

  it("slugs are unique and validated: a taken slug is refused with its own code and changes nothing", async () => {
    const first = await create({ slug: "unico" });
    const taken = await admin.post("/api/blog-admin/posts", input({ slug: "unico", title: "Outro" }));
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe("BLOG_SLUG_TAKEN");
    const second = await create({ slug: "segundo" });
    const renamed = await admin.put(`/api/blog-admin/posts/${second.id}`, input({ slug: "unico" }));
    expect(renamed.status).toBe(409);
    expect(await errorCode(renamed)).toBe("BLOG_SLUG_TAKEN");
    const kept = (await (await admin.get(`/api/blog-admin/posts/${second.id}`)).json()) as { post: BlogAdminPost };
    expect(kept.post.slug).toBe("segundo");
    // Saving a post under its own slug is not a clash.
    expect((await admin.put(`/api/blog-admin/posts/${first.id}`, input({ slug: "unico", title: "Novo" }))).status).toBe(
      200,
    );
    for (const slug of ["Com Espaço", "ação", "-borda", "a--b", ""]) {
      const bad = await admin.post("/api/blog-admin/posts", input({ slug }));
      expect(bad.status).toBe(400);
      expect(await errorCode(bad)).toBe("VALIDATION_FAILED");
    }
    await admin.delete(`/api/blog-admin/posts/${first.id}`);
    await admin.delete(`/api/blog-admin/posts/${second.id}`);
  });

  it("lists in the reader's language with pt-BR as fallback, newest first, paged", async () => {
    const original = await create({ title: "Original", slug: "original" });
    const untranslated = await create({ title: "Só em português", slug: "so-portugues" });
    const translation = await create({
      title: "Translated",
      slug: "translated",
      language: "en",
      translationOf: original.id,
    });
    await publish(untranslated.id, new Date(Date.now() - 3000).toISOString());
    await publish(original.id, new Date(Date.now() - 2000).toISOString());
    await publish(translation.id, new Date(Date.now() - 1000).toISOString());

    expect((await publicList("en")).posts.map((post) => post.slug)).toEqual(["translated", "so-portugues"]);
    expect((await publicList("pt-BR")).posts.map((post) => post.slug)).toEqual(["original", "so-portugues"]);
    expect((await publicList("es")).posts.map((post) => post.slug)).toEqual(["original", "so-portugues"]);
    const page = await publicList("pt-BR");
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
    expect(page.posts[0]).toMatchObject({ title: "Original", excerpt: "Como coletar sem sinal", readingMinutes: 1 });
    expect((await server.client().get("/api/blog/posts?page=0")).status).toBe(400);

    const invalid = await admin.post(
      "/api/blog-admin/posts",
      input({ slug: "traducao-de-traducao", language: "es", translationOf: translation.id }),
    );
    expect(await errorCode(invalid)).toBe("BLOG_TRANSLATION_INVALID");
    for (const post of [original, untranslated, translation]) await admin.delete(`/api/blog-admin/posts/${post.id}`);
  });

  it("serves the post page's HTML with its title, description, Open Graph tags and canonical URL", async () => {
    const post = await create({ title: 'Mapas & "dados"', slug: "mapas-dados", description: "Tudo <sobre> mapas" });
    const covered = await admin.request(`/api/blog-admin/posts/${post.id}/cover`, {
      method: "PUT",
      body: coverForm(pngBytes("cover")),
    });
    expect(covered.status).toBe(200);
    const { coverUrl } = ((await covered.json()) as { post: BlogAdminPost }).post;
    expect(coverUrl).toMatch(/^\/api\/blog\/covers\/[0-9a-f-]{36}\.png$/);
    // A draft's cover is not public.
    expect((await server.client().get(coverUrl!)).status).toBe(404);
    expect((await admin.get(coverUrl!)).status).toBe(200);
    await publish(post.id);

    const response = await fetch(`${server.url}/blog/mapas-dados`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title data-default="Campo">Mapas &amp; &quot;dados&quot; · Campo</title>');
    expect(html).toContain(
      '<meta name="description" content="Tudo &lt;sobre&gt; mapas" data-default="Campo: formulários',
    );
    expect(html).toContain('<meta property="og:title" content="Mapas &amp; &quot;dados&quot;" data-page-meta />');
    expect(html).toContain('<meta property="og:description" content="Tudo &lt;sobre&gt; mapas" data-page-meta />');
    expect(html).toContain('<meta property="og:type" content="article" data-page-meta />');
    expect(html).toContain(`<meta property="og:url" content="${publicUrl()}/blog/mapas-dados" data-page-meta />`);
    expect(html).toContain(`<meta property="og:image" content="${publicUrl()}${coverUrl}" data-page-meta />`);
    expect(html).toContain(`<link rel="canonical" href="${publicUrl()}/blog/mapas-dados" data-page-meta />`);
    expect(html.match(/<title[ >]/g)).toHaveLength(1);

    const image = await server.client().get(coverUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    await admin.delete(`/api/blog-admin/posts/${post.id}`);
    expect((await server.client().get(coverUrl!)).status).toBe(404);
  });

  it("checks the cover by its bytes and its size", async () => {
    const post = await create({ slug: "capa" });
    const send = (form: FormData) =>
      admin.request(`/api/blog-admin/posts/${post.id}/cover`, { method: "PUT", body: form });
    const fake = await send(coverForm(new TextEncoder().encode("<svg onload=alert(1)>"), "image/png"));
    expect(fake.status).toBe(415);
    expect(await errorCode(fake)).toBe("INVALID_FILE_TYPE");
    const big = await send(coverForm(new Uint8Array(BLOG_COVER_MAX_BYTES + 1)));
    expect(big.status).toBe(413);
    expect(await errorCode(big)).toBe("FILE_TOO_LARGE");
    const stored = (await (await admin.get(`/api/blog-admin/posts/${post.id}`)).json()) as { post: BlogAdminPost };
    expect(stored.post.coverUrl).toBeNull();
    await admin.delete(`/api/blog-admin/posts/${post.id}`);
  });

  it("takes images for a post's body, served from Campo with the post and shown by its page", async () => {
    const post = await create({ slug: "com-imagens" });
    const upload = (form: FormData) =>
      admin.request(`/api/blog-admin/posts/${post.id}/images`, { method: "POST", body: form });
    const fake = await upload(imageForm(new TextEncoder().encode("<svg onload=alert(1)>")));
    expect(fake.status).toBe(415);
    expect(await errorCode(fake)).toBe("INVALID_FILE_TYPE");
    const uploaded = await upload(imageForm(pngBytes("corpo")));
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/api/blog/images/${post.id}/[0-9a-f-]{36}\\.png$`));

    // A draft's image is the editor's alone until the post is out.
    expect((await server.client().get(url)).status).toBe(404);
    expect((await admin.get(url)).status).toBe(200);
    await admin.put(
      `/api/blog-admin/posts/${post.id}`,
      input({ slug: "com-imagens", bodyMarkdown: `Veja:\n\n![Mapa da área](${url})` }),
    );
    await publish(post.id);
    const { post: view } = (await (await server.client().get("/api/blog/posts/com-imagens")).json()) as {
      post: BlogPostView;
    };
    expect(view.html).toContain(`<img src="${url}" alt="Mapa da área"`);
    const image = await server.client().get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(pngBytes("corpo")));

    await admin.delete(`/api/blog-admin/posts/${post.id}`);
    expect((await admin.get(url)).status).toBe(404);
    expect((await server.client().get(`/api/blog/images/${post.id}/..%2F..%2Fsecret.png`)).status).toBe(404);
  });

  it("the RSS feed is valid XML with escaped published posts only; the sitemap lists published posts only", async () => {
    const live = await create({ title: "Notícias <novas> & mais", slug: "noticias" });
    await publish(live.id);
    const draft = await create({ title: "Rascunho", slug: "rascunho-rss" });

    const rss = await fetch(`${server.url}/blog/rss.xml`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, message) => void errors.push(`${level}: ${message}`),
    }).parseFromString(await rss.text(), "text/xml");
    expect(errors).toEqual([]);
    expect(doc.documentElement?.getAttribute("version")).toBe("2.0");
    const items = Array.from(doc.getElementsByTagName("item"));
    expect(items.map((item) => item.getElementsByTagName("title")[0]?.textContent)).toEqual([
      "Notícias <novas> & mais",
    ]);
    expect(items[0]?.getElementsByTagName("link")[0]?.textContent).toBe(`${publicUrl()}/blog/noticias`);

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${publicUrl()}/blog/noticias</loc>`);
    expect(sitemap).toContain(`<loc>${publicUrl()}/blog</loc>`);
    expect(sitemap).not.toContain("rascunho-rss");
    await admin.delete(`/api/blog-admin/posts/${live.id}`);
    await admin.delete(`/api/blog-admin/posts/${draft.id}`);
  });
});
