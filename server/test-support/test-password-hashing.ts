import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { PasswordHashing } from "../auth/password-hashing.ts";

/** node:crypto scrypt, awaited; better-auth passes the hex salt as text. */
export const scryptKey = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: object,
) => Promise<Buffer>;
// Same algorithm and stored shape as production ("salt:key" in hex), 32× less work: a test run signs up and in
// thousands of times, and production's cost alone was about a seventh of the API tests' CPU (docs/decisions.md).
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;
const keyOf = (password: string, salt: string) => scryptKey(password.normalize("NFKC"), salt, KEY_LENGTH, COST);

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    const key = await keyOf(password, salt);
    return `${salt}:${key.toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const derived = await keyOf(password, salt);
    const stored = Buffer.from(key, "hex");
    return stored.length === derived.length && timingSafeEqual(stored, derived);
  },
};
