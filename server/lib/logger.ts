import { maskLongString } from "../../shared/text/mask-long-string.ts";

/** Stack traces are code locations, not user data, and a cut one makes a production failure undiagnosable. */
const NEVER_MASKED = new Set(["stack"]);

export function maskLongStrings(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return maskLongString(value);
  if (depth > 5 || value === null || typeof value !== "object") return value;
  if (value instanceof Error)
    return { name: value.name, message: maskLongStrings(value.message, depth + 1), stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => maskLongStrings(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, NEVER_MASKED.has(k) ? v : maskLongStrings(v, depth + 1)]),
  );
}

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.LOG_LEVEL as Level | undefined) ?? "info"] ?? order.info;

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (order[level] < threshold) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: maskLongStrings(message),
    ...(fields ? (maskLongStrings(fields) as Record<string, unknown>) : {}),
  });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
