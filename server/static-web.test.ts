import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../scripts/precompress.ts";
import { PRERENDERED_DIR, prerenderedFileName } from "./prerendered-pages.ts";
import type { PrerenderedPage } from "../shared/prerendered-pages.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";
import { registrationFor } from "./test-support/registration.ts";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as the bytes travel (fetch would decode them): what Content-Encoding says is what the body is. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

function decoded(response: RawResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.body);
  if (encoding === "gzip") return gunzipSync(response.body);
  return response.body;
}

/** A new account's session cookie, to send on raw requests. */
async function signUpCookie(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(registrationFor(email, "secret123", "Compressão")),
  });
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

function varyNamesAcceptEncoding(response: RawResponse): boolean {
  return /accept-encoding/i.test(String(response.headers.vary ?? ""));
}

describe("compression of the built web app and of API JSON", () => {
  let server: TestServer;
  let dist: string;
  // A WebAssembly module's header and an empty body padded to 4 KB (a custom section of zeros).
  const wasm = Buffer.concat([
    Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00, 0x80, 0x20, 0x01, 0x78]),
    Buffer.alloc(4095),
  ]);
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `palavra-${index}`))};\n`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "campo-dist-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Campo</title><div id=root></div>");
    writeFileSync(path.join(dist, "assets", "index-abc123.js"), script);
    writeFileSync(path.join(dist, "assets", "tiny-abc123.js"), "export {};\n");
    writeFileSync(path.join(dist, "assets", "reader-abc123.wasm"), wasm);
    await precompress(dist);
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("writes .br and .gz beside files of 1 KB and more at build time, not beside smaller ones", () => {
    expect(brotliDecompressSync(readFileSync(path.join(dist, "assets", "index-abc123.js.br"))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dist, "assets", "index-abc123.js.gz"))).toString()).toBe(script);
    expect(() => readFileSync(path.join(dist, "assets", "tiny-abc123.js.br"))).toThrow();
  });

  it("sends brotli when accepted, gzip when only gzip is, the plain file otherwise; always with Vary", async () => {
    const url = `${server.url}/assets/index-abc123.js`;
    const cases: [string | undefined, string | undefined][] = [
      ["gzip, br", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await rawGet(url, acceptEncoding ? { "accept-encoding": acceptEncoding } : {});
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe(expected);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(varyNamesAcceptEncoding(response)).toBe(true);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decoded(response).toString()).toBe(script);
    }
    expect((await rawGet(url, { "accept-encoding": "gzip, br" })).body.length).toBeLessThan(
      Buffer.byteLength(script) / 3,
    );
  });

  it("sends the barcode reader's WebAssembly in brotli, as application/wasm", async () => {
    const response = await rawGet(`${server.url}/assets/reader-abc123.wasm`, { "accept-encoding": "gzip, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("application/wasm");
    expect(response.body.length).toBeLessThan(wasm.length / 10);
    expect(decoded(response).equals(wasm)).toBe(true);
  });

  it("compresses API JSON of 1 KB and more, leaves small answers plain, and names Accept-Encoding in Vary", async () => {
    const cookie = await signUpCookie(server.url, "compress@example.com");
    const fields = Array.from({ length: 40 }, (_, position) => ({
      fieldType: "text",
      label: `Pergunta número ${position + 1}`,
      position,
      config: {},
    }));
    const created = await fetch(`${server.url}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify({ name: "Levantamento", visibility: "team", active: true, fields }),
    });
    expect(created.status).toBe(201);
    const { application } = (await created.json()) as { application: { id: string } };

    const plain = await rawGet(`${server.url}/api/applications/${application.id}`, { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, expected] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const compressed = await rawGet(`${server.url}/api/applications/${application.id}`, {
        cookie,
        "accept-encoding": acceptEncoding!,
      });
      expect(compressed.status).toBe(200);
      expect(compressed.headers["content-encoding"]).toBe(expected);
      expect(varyNamesAcceptEncoding(compressed)).toBe(true);
      expect(compressed.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(compressed).toString())).toEqual(JSON.parse(plain.body.toString()));
    }

    const small = await rawGet(`${server.url}/api/me`, { "accept-encoding": "gzip, br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(varyNamesAcceptEncoding(small)).toBe(true);
    expect(JSON.parse(small.body.toString())).toEqual({ user: null });
  });

  it("leaves a streamed export streamed and plain", async () => {
    const cookie = await signUpCookie(server.url, "export@example.com");
    const created = await fetch(`${server.url}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify({
        name: "Exportar",
        visibility: "team",
        active: true,
        fields: [{ fieldType: "text", label: "Nome", position: 0, config: {} }],
      }),
    });
    const { application } = (await created.json()) as { application: { id: string } };
    for (const file of ["export.csv", "export.geojson"]) {
      const response = await rawGet(`${server.url}/api/applications/${application.id}/${file}`, {
        cookie,
        "accept-encoding": "gzip, br",
      });
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["transfer-encoding"]).toBe("chunked");
    }
  });
});

describe("the pages prerendered at build time", () => {
  let server: TestServer;
  let dist: string;
  const indexHtml = "<!doctype html><title>Campo</title><div id=root></div>";
  const prerendered = (page: PrerenderedPage, language: string) =>
    `<!doctype html><html lang="${language}"><div id="root" data-prerendered="${language}">${`<p>${page}</p>`.repeat(200)}</div>`;
  const landing = (language: string) => prerendered("home", language);

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "campo-dist-"));
    writeFileSync(path.join(dist, "index.html"), indexHtml);
    writeFileSync(path.join(dist, "theme-boot.js"), "document.documentElement.dataset.booted = 'yes';\n");
    mkdirSync(path.join(dist, PRERENDERED_DIR));
    for (const page of ["home", "auth"] as const)
      for (const language of ["pt-BR", "en", "es"] as const)
        writeFileSync(
          path.join(dist, PRERENDERED_DIR, prerenderedFileName(page, language)),
          prerendered(page, language),
        );
    await precompress(dist);
    server = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers /home in the browser's language, compressed, varying on language and encoding", async () => {
    const cases: [string | undefined, string][] = [
      ["en-US,en;q=0.9", "en"],
      ["es-ES,es;q=0.9", "es"],
      ["pt-PT", "pt-BR"],
      ["fr-FR", "pt-BR"],
      [undefined, "pt-BR"],
    ];
    for (const [acceptLanguage, language] of cases) {
      const response = await rawGet(`${server.url}/home`, {
        "accept-encoding": "gzip, br",
        ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
      });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["content-language"]).toBe(language);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(response.headers.vary)).toMatch(/accept-language/i);
      expect(String(response.headers.vary)).toMatch(/cookie/i);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(decoded(response).toString()).toBe(landing(language));
    }
    const plain = await rawGet(`${server.url}/home`, { "accept-language": "en" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(landing("en"));
  });

  it("answers /auth drawn in the browser's language, and the app for /auth?reauth=true", async () => {
    const drawn = await rawGet(`${server.url}/auth`, { "accept-language": "es-ES", "accept-encoding": "gzip" });
    expect(drawn.headers["content-language"]).toBe("es");
    expect(decoded(drawn).toString()).toBe(prerendered("auth", "es"));
    const campaign = await rawGet(`${server.url}/auth?utm_source=mail`, { "accept-language": "es-ES" });
    expect(decoded(campaign).toString()).toBe(prerendered("auth", "es"));
    const reauth = await rawGet(`${server.url}/auth?reauth=true`, { "accept-language": "es-ES" });
    expect(decoded(reauth).toString()).toBe(indexHtml);
  });

  it("answers the app to a browser holding a session, which draws the page for its user", async () => {
    for (const page of ["/auth", "/home"]) {
      const signedIn = await rawGet(`${server.url}${page}`, { cookie: "theme=dark; campo.session_token=abc.def" });
      expect(decoded(signedIn).toString()).toBe(indexHtml);
      expect(String(signedIn.headers.vary)).toMatch(/cookie/i);
      const otherCookie = await rawGet(`${server.url}${page}`, { cookie: "theme=dark" });
      expect(decoded(otherCookie).toString()).toBe(prerendered(page === "/auth" ? "auth" : "home", "pt-BR"));
    }
  });

  it("keeps the app's own index.html for every other page", async () => {
    for (const page of ["/", "/auth/extra", "/home/extra", "/applications"]) {
      const response = await rawGet(`${server.url}${page}`, { "accept-language": "en" });
      expect(response.status).toBe(200);
      expect(decoded(response).toString()).toBe(indexHtml);
    }
  });

  it("allows the inline theme script by its hash, and no other inline script", async () => {
    const response = await rawGet(`${server.url}/home`);
    const csp = String(response.headers["content-security-policy"]);
    const hash = createHash("sha256")
      .update(readFileSync(path.join(dist, "theme-boot.js")))
      .digest("base64");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ");
    expect(scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
  });
});
