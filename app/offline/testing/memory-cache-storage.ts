/** The Cache API in memory for unit tests (Node has none): the calls app/offline/map-tiles makes, keyed by URL. */
class MemoryCache implements Cache {
  readonly entries = new Map<string, Response>();

  private urlOf(request: RequestInfo | URL): string {
    return new Request(request instanceof URL ? request.href : request).url;
  }
  match(request: RequestInfo | URL): Promise<Response | undefined> {
    return Promise.resolve(this.entries.get(this.urlOf(request))?.clone());
  }
  async matchAll(request?: RequestInfo | URL): Promise<readonly Response[]> {
    const hit = request === undefined ? undefined : await this.match(request);
    return hit ? [hit] : [...this.entries.values()].map((response) => response.clone());
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    // Like the browser, the body is read whole before put resolves.
    const body = await response.arrayBuffer();
    this.entries.set(this.urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
  }
  add(): Promise<void> {
    return Promise.reject(new Error("not used"));
  }
  addAll(): Promise<void> {
    return Promise.reject(new Error("not used"));
  }
  delete(request: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(this.urlOf(request)));
  }
  keys(): Promise<readonly Request[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
}

export class MemoryCacheStorage implements CacheStorage {
  readonly caches = new Map<string, MemoryCache>();

  open(name: string): Promise<Cache> {
    const cache = this.caches.get(name) ?? new MemoryCache();
    this.caches.set(name, cache);
    return Promise.resolve(cache);
  }
  has(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.has(name));
  }
  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name));
  }
  keys(): Promise<string[]> {
    return Promise.resolve([...this.caches.keys()]);
  }
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    for (const cache of this.caches.values()) {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
}
