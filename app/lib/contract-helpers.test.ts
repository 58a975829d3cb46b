import { afterEach, describe, expect, it, vi } from "vitest";
import { callUpload } from "./api-upload.ts";
import { callAuth } from "./better-auth.ts";
import { addBlogImage, setBlogCover } from "../../shared/api/contracts/blog.ts";
import { sendSupportMessage } from "../../shared/api/contracts/support.ts";

/** Records the requests the helpers send; every answer is the JSON given. */
function serverAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("callUpload", () => {
  it("sends the form to the contract's path with its method, and answers the JSON body", async () => {
    const fetch = serverAnswering(201, { url: "/api/blog/images/p 1/a.webp" });
    const form = new FormData();
    form.set("image", new Blob(["x"], { type: "image/webp" }), "a.webp");

    const answer = await callUpload(addBlogImage, { params: { id: "p 1" } }, form);

    expect(answer).toEqual({ url: "/api/blog/images/p 1/a.webp" });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe("/api/blog-admin/posts/p%201/images");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(form);
    // The browser writes the multipart boundary itself: no JSON content type may be forced on it.
    expect(new Headers(init.headers).get("content-type")).toBeNull();
  });

  it("uses the contract's own method (a cover is put) and needs no params for a route without any", async () => {
    const fetch = serverAnswering(200, { id: "m" });
    await callUpload(setBlogCover, { params: { id: "p" } }, new FormData());
    await callUpload(sendSupportMessage, {}, new FormData());
    expect(fetch.mock.calls.map(([path, init]) => `${init.method} ${path}`)).toEqual([
      "PUT /api/blog-admin/posts/p/cover",
      "POST /api/support",
    ]);
  });
});

describe("callAuth", () => {
  it("posts the body as JSON to better-auth's endpoint under the contract's /api/auth path", async () => {
    const fetch = serverAnswering(200, { status: true });
    await callAuth("/sign-in/email", { email: "a@b.c", password: "p" });
    await callAuth("/sign-out");
    expect(fetch.mock.calls.map(([path, init]) => `${init.method} ${path} ${String(init.body)}`)).toEqual([
      `POST /api/auth/sign-in/email ${JSON.stringify({ email: "a@b.c", password: "p" })}`,
      "POST /api/auth/sign-out {}",
    ]);
  });
});
