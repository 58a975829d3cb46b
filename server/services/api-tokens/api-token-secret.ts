import { createHash, randomInt } from "node:crypto";
import { API_TOKEN_PREFIX } from "../../../shared/integrations/api-tokens.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 40;
/** The prefix plus this many characters are kept in clear, to recognise a token in the list. */
const VISIBLE_CHARACTERS = 4;

/** `campo_` + 40 base62 characters (≈238 bits): long enough that a fast unsalted hash is safe to store. */
export function generateApiToken(): string {
  let secret = "";
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return API_TOKEN_PREFIX + secret;
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function apiTokenPrefix(token: string): string {
  return token.slice(0, API_TOKEN_PREFIX.length + VISIBLE_CHARACTERS);
}

/** Cheap shape check before any database lookup. */
export function looksLikeApiToken(value: string): boolean {
  return value.length === API_TOKEN_PREFIX.length + SECRET_LENGTH && value.startsWith(API_TOKEN_PREFIX);
}
