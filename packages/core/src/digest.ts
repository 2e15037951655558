/**
 * A 32-bit FNV-1a digest of a sequence of integers and integer arrays, for `Match.digest()`.
 * Each value is mixed as two 16-bit halves, so any 32-bit integer (negative too) counts fully.
 * Equal inputs give equal digests; it is not cryptographic.
 */
export function digestNumbers(parts: ReadonlyArray<number | ArrayLike<number>>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    if (typeof part === "number") {
      h = Math.imul(h ^ (part & 0xffff), 0x01000193);
      h = Math.imul(h ^ ((part | 0) >>> 16), 0x01000193);
      continue;
    }
    for (let k = 0; k < part.length; k++) {
      const v = part[k]! | 0;
      h = Math.imul(h ^ (v & 0xffff), 0x01000193);
      h = Math.imul(h ^ (v >>> 16), 0x01000193);
    }
  }
  return h >>> 0;
}
