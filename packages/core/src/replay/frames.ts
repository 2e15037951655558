// The replay container's framing, browser-safe: magic bytes, frame headers, checksums and the
// sliding dictionary. Decompression is passed in (node:zlib in Node, any raw-inflate with preset
// dictionary support in a browser), so this file uses no Node module.
import { ArenaError } from "../engine/errors";
import { fnv1a } from "./fnv1a";
import { type Replay, ReplayDecoder } from "./replay";

export { fnv1a };

/** The first bytes of every replay file this version writes (`ARENA-REPLAY/2\n`). */
export const REPLAY_MAGIC: Uint8Array = new TextEncoder().encode("ARENA-REPLAY/2\n");
/** The magic bytes without their version digit and newline. */
const MAGIC_STEM = new TextEncoder().encode("ARENA-REPLAY/");
/**
 * Frame header of format 2: payload length, its complement, plaintext length, FNV-1a of the
 * plaintext (u32 little-endian each). Format 1 had no plaintext length (12 bytes).
 */
export const FRAME_HEADER = 16;
/**
 * Each frame is compressed with the previous 32 KiB of plaintext as its preset dictionary (the
 * largest deflate allows). Format 1 wrote one frame per step and used 8 KiB, since the copy and the
 * dictionary cost were paid at every step; format 2 writes one frame per batch of steps.
 */
export const WINDOW = 32 * 1024;
/** The container layouts this version reads: frame header size and dictionary window by format. */
const LAYOUTS: Readonly<Record<number, { header: number; window: number }>> = {
  1: { header: 12, window: 8 * 1024 },
  2: { header: FRAME_HEADER, window: WINDOW },
};
/** Default cap on the plaintext a replay may inflate to (`ReadReplayOptions.maxInflatedBytes`). */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * Keeps the last `window` bytes of the plaintext written or read so far (the next frame's
 * dictionary). Pushing copies only the kept window, once per frame.
 */
export class FrameHistory {
  private buffer = new Uint8Array(0);
  constructor(private readonly window = WINDOW) {}
  get dictionary(): Uint8Array {
    return this.buffer;
  }
  push(bytes: Uint8Array): void {
    if (bytes.length >= this.window) {
      this.buffer = bytes.slice(bytes.length - this.window);
      return;
    }
    const keep = Math.min(this.buffer.length, this.window - bytes.length);
    const joined = new Uint8Array(keep + bytes.length);
    joined.set(this.buffer.subarray(this.buffer.length - keep), 0);
    joined.set(bytes, keep);
    this.buffer = joined;
  }
}

/**
 * Raw-deflate decompression with an optional preset dictionary (empty when there is none).
 * `maxLength`, when given, is the most bytes the caller accepts: an inflater that can stop there
 * should (node:zlib's `maxOutputLength`); the decoder checks the length afterwards anyway.
 */
export type InflateRaw = (
  payload: Uint8Array,
  dictionary: Uint8Array,
  maxLength?: number,
) => Uint8Array;

/** Options of `readReplay` / `decodeReplay` / `decodeReplayFrames`. */
export interface ReadReplayOptions {
  /**
   * Return the readable prefix of a truncated replay (`complete: false`) instead of throwing
   * `TRUNCATED_REPLAY`. Corruption still throws.
   */
  allowTruncated?: boolean;
  /**
   * Refuse (`BAD_REPLAY`) a replay whose plaintext would exceed this many bytes: a guard against
   * decompression bombs. Default `MAX_INFLATED_BYTES` (64 MiB, hundreds of times the largest real
   * replay: accepted orders are at most one per unit per step).
   */
  maxInflatedBytes?: number;
}

/** True when `bytes` starts like an arena replay file (its magic bytes, or a prefix of them). */
export function looksLikeReplay(bytes: Uint8Array): boolean {
  return bytes.length > 0 && sharesStem(bytes);
}

/** True when `bytes` and the magic's stem (`ARENA-REPLAY/`) agree on their common length. */
function sharesStem(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, MAGIC_STEM.length);
  for (let i = 0; i < n; i++) if (bytes[i] !== MAGIC_STEM[i]) return false;
  return true;
}

/** The container format a replay file announces in its magic (`ARENA-REPLAY/<n>\n`). */
function containerFormat(bytes: Uint8Array, file: { file: string }): number {
  const cutShort = () =>
    new ArenaError("TRUNCATED_REPLAY", "the replay file is cut short before its header", file);
  if (!sharesStem(bytes))
    throw new ArenaError("BAD_REPLAY", "not an arena replay (wrong magic bytes)", file);
  let format = 0;
  let i = MAGIC_STEM.length;
  for (; i < bytes.length && i < MAGIC_STEM.length + 6; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0a) break;
    if (byte < 0x30 || byte > 0x39)
      throw new ArenaError("BAD_REPLAY", "not an arena replay (wrong magic bytes)", file);
    format = format * 10 + byte - 0x30;
  }
  if (i >= bytes.length) throw cutShort();
  if (bytes[i] !== 0x0a || i === MAGIC_STEM.length)
    throw new ArenaError("BAD_REPLAY", "not an arena replay (wrong magic bytes)", file);
  if (LAYOUTS[format] === undefined) {
    throw new ArenaError(
      "REPLAY_VERSION",
      `replay container format ${format} is not supported (this version of @arena/core reads formats ${Object.keys(LAYOUTS).join(" and ")}; a newer @arena/core may read it)`,
      file,
    );
  }
  return format;
}

/** The length of the magic line of container `format`. */
const magicLength = (format: number): number => MAGIC_STEM.length + String(format).length + 1;

/**
 * Decodes the bytes of a replay file with the given raw-inflate; `source` names it in errors.
 * Reads container formats 1 (one frame per step) and 2 (frames of batched steps). Browser-safe.
 * Throws `ArenaError` `"BAD_REPLAY"` (not a replay, corrupt, or inflating past
 * `maxInflatedBytes`), `"REPLAY_VERSION"` (a container format this version does not read) or
 * `"TRUNCATED_REPLAY"` (cut short, unless `allowTruncated`).
 */
export function decodeReplayFrames(
  bytes: Uint8Array,
  inflate: InflateRaw,
  source = "replay",
  options: ReadReplayOptions = {},
): Replay {
  const file = { file: source };
  const format = containerFormat(bytes, file);
  const layout = LAYOUTS[format]!;
  const maxInflated = options.maxInflatedBytes ?? MAX_INFLATED_BYTES;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder("utf-8");
  const decoder = new ReplayDecoder(source);
  const history = new FrameHistory(layout.window);
  let offset = magicLength(format);
  let frame = 0;
  let inflated = 0;
  let truncated: string | undefined;
  const bomb = (where: string): never => {
    throw new ArenaError(
      "BAD_REPLAY",
      `refused: the replay inflates to more than ${maxInflated} bytes at ${where} (a decompression bomb, or raise maxInflatedBytes)`,
      file,
    );
  };
  while (offset < bytes.length) {
    const where = `frame ${frame} at byte ${offset}${decoder.started ? ` (after step ${decoder.stepCount})` : " (header)"}`;
    if (bytes.length - offset < layout.header) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const length = view.getUint32(offset, true);
    if (~length >>> 0 !== view.getUint32(offset + 4, true)) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: bad frame header in ${where}`, file);
    }
    // Format 2 announces each frame's plaintext length; format 1 did not (capped by the total).
    const announced = layout.header === 16 ? view.getUint32(offset + 8, true) : undefined;
    const checksum = view.getUint32(offset + layout.header - 4, true);
    if (announced !== undefined && announced > maxInflated - inflated) bomb(where);
    if (bytes.length - offset - layout.header < length) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const payload = bytes.subarray(offset + layout.header, offset + layout.header + length);
    let plain: Uint8Array;
    try {
      plain = inflate(payload, history.dictionary, announced ?? maxInflated - inflated + 1);
    } catch (error) {
      if (announced === undefined && (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        bomb(where);
      throw new ArenaError(
        "BAD_REPLAY",
        `corrupt replay: ${where} does not decompress (${(error as Error).message})`,
        file,
      );
    }
    if (announced === undefined && plain.length > maxInflated - inflated) bomb(where);
    if (announced !== undefined && plain.length !== announced) {
      throw new ArenaError(
        "BAD_REPLAY",
        `corrupt replay: ${where} inflates to ${plain.length} bytes, its header says ${announced}`,
        file,
      );
    }
    if (fnv1a(plain) !== checksum) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: checksum mismatch in ${where}`, file);
    }
    inflated += plain.length;
    history.push(plain);
    const text = utf8.decode(plain);
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      decoder.line(text.slice(start, end));
      start = end + 1;
    }
    if (start < text.length) decoder.line(text.slice(start));
    offset += layout.header + length;
    frame++;
  }
  if (!decoder.started) {
    throw new ArenaError(
      "TRUNCATED_REPLAY",
      "the replay file is cut short before its header",
      file,
    );
  }
  const replay = decoder.result();
  if (!replay.complete) {
    const reason =
      truncated ??
      `the file has no end record after step ${replay.steps.length} (the match was interrupted)`;
    if (!options.allowTruncated) {
      throw new ArenaError(
        "TRUNCATED_REPLAY",
        `truncated replay: ${reason}; its first ${replay.steps.length} steps are readable`,
        file,
      );
    }
  } else if (truncated !== undefined) {
    throw new ArenaError(
      "BAD_REPLAY",
      `corrupt replay: data after the end record (${truncated})`,
      file,
    );
  }
  return replay;
}
