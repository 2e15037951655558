import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new secret: 32 random bytes, base64url (tokens, session ids, invite codes). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * What is stored of a secret: its SHA-256, hex. The secrets are 32 random bytes, so a fast hash
 * is enough (nothing to guess by brute force, unlike a password); a leaked database gives no
 * token back.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
