import type { Config } from "./config.ts";

/** The Vite dev server's origin: trusted only when `npm run dev` runs it beside the API. */
const VITE_DEV_ORIGIN = "http://localhost:5173";
const LOOPBACK_NAMES = ["localhost", "127.0.0.1"];

/**
 * Origins whose pages may write to the API. A loopback public URL (the default http://localhost:PORT) is reached
 * as localhost and as 127.0.0.1 alike, so both names are trusted; any other public URL is trusted alone.
 */
export function trustedOrigins(config: Pick<Config, "publicUrl" | "devServer">): string[] {
  const origins = [config.publicUrl];
  const url = new URL(config.publicUrl);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    for (const name of LOOPBACK_NAMES) {
      url.hostname = name;
      origins.push(url.origin);
    }
  }
  if (config.devServer) origins.push(VITE_DEV_ORIGIN);
  return [...new Set(origins)];
}
