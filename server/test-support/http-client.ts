import { registrationFor } from "./registration.ts";

/** A tiny fetch wrapper that keeps cookies and sends our Origin, as a browser on the app's pages would. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (its cookies shared) talking to another server process, as a load balancer would send it. */
  at(baseUrl: string): HttpClient {
    return new HttpClient(baseUrl, this.cookies);
  }

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + pathname, { ...init, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: "GET" });
  }

  post(pathname: string, json?: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: "POST", json: json ?? {} });
  }

  put(pathname: string, json?: unknown) {
    return this.request(pathname, { method: "PUT", json: json ?? {} });
  }

  patch(pathname: string, json?: unknown) {
    return this.request(pathname, { method: "PATCH", json: json ?? {} });
  }

  delete(pathname: string) {
    return this.request(pathname, { method: "DELETE" });
  }

  /** Registers an account (the only public way to make one) and stays signed in: for tests that need a user. */
  async signUp(email: string, password = "secret123", name = "Test User"): Promise<{ id: string; email: string }> {
    const response = await this.post("/api/account/register", registrationFor(email, password, name));
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const me = (await (await this.get("/api/me")).json()) as { user: { id: string; email: string } };
    return { id: me.user.id, email: me.user.email };
  }

  async signIn(email: string, password = "secret123"): Promise<Response> {
    return this.post("/api/auth/sign-in/email", { email, password });
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes("session_token"));
  }
}
