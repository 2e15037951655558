/**
 * A 32-bit FNV-1a digest of a sequence of integers and integer arrays, for `Match.digest()`.
 * Each value is mixed as two 16-bit halves, so any 32-bit integer (negative too) counts fully.
 * Equal inputs give equal digests; it is not cryptographic.
 *
 * Typed arrays are mixed by one loop per array type, so that each loop reads a single element kind
 * (a loop shared by every kind is megamorphic in V8 and several times slower); the value is the
 * same as mixing `array[k] | 0` element by element.
 */
export function digestNumbers(parts: ReadonlyArray<number | ArrayLike<number>>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    if (typeof part === "number") {
      h = Math.imul(h ^ (part & 0xffff), 0x01000193);
      h = Math.imul(h ^ ((part | 0) >>> 16), 0x01000193);
    } else if (part instanceof Int32Array) h = mixInt32(h, part);
    else if (part instanceof Uint8Array) h = mixUint8(h, part);
    else if (part instanceof Int8Array) h = mixInt8(h, part);
    else if (part instanceof Int16Array) h = mixInt16(h, part);
    else if (part instanceof Uint16Array) h = mixUint16(h, part);
    else h = mixAny(h, part);
  }
  return h >>> 0;
}

// The same body in each: a separate function per element kind keeps every loop monomorphic.
function mixInt32(h: number, part: Int32Array): number {
  for (let k = 0; k < part.length; k++) {
    const v = part[k]!;
    h = Math.imul(h ^ (v & 0xffff), 0x01000193);
    h = Math.imul(h ^ (v >>> 16), 0x01000193);
  }
  return h;
}

function mixUint8(h: number, part: Uint8Array): number {
  for (let k = 0; k < part.length; k++) {
    h = Math.imul(h ^ part[k]!, 0x01000193);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

function mixInt8(h: number, part: Int8Array): number {
  for (let k = 0; k < part.length; k++) {
    const v = part[k]!;
    h = Math.imul(h ^ (v & 0xffff), 0x01000193);
    h = Math.imul(h ^ (v >>> 16), 0x01000193);
  }
  return h;
}

function mixInt16(h: number, part: Int16Array): number {
  for (let k = 0; k < part.length; k++) {
    const v = part[k]!;
    h = Math.imul(h ^ (v & 0xffff), 0x01000193);
    h = Math.imul(h ^ (v >>> 16), 0x01000193);
  }
  return h;
}

function mixUint16(h: number, part: Uint16Array): number {
  for (let k = 0; k < part.length; k++) {
    h = Math.imul(h ^ part[k]!, 0x01000193);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

function mixAny(h: number, part: ArrayLike<number>): number {
  for (let k = 0; k < part.length; k++) {
    const v = part[k]! | 0;
    h = Math.imul(h ^ (v & 0xffff), 0x01000193);
    h = Math.imul(h ^ (v >>> 16), 0x01000193);
  }
  return h;
}
