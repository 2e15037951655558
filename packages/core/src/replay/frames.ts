// The replay container's framing, browser-safe: magic bytes, frame headers, checksums and the
// sliding dictionary. Decompression is passed in (node:zlib in Node, any raw-inflate with preset
// dictionary support in a browser), so this file uses no Node module.
import { ArenaError } from "../errors";
import { type Replay, ReplayDecoder } from "./replay";

/** The first bytes of every replay file (`ARENA-REPLAY/1\n`). */
export const REPLAY_MAGIC: Uint8Array = new TextEncoder().encode("ARENA-REPLAY/1\n");
/** Frame header: payload length, its complement, FNV-1a of the plaintext (u32 little-endian). */
export const FRAME_HEADER = 12;
/** Each frame is compressed with the previous 8 KiB of text as dictionary (a larger one costs
 * much more time per step for little gain: 32 KiB takes 2.5× the time for 1.53% instead of 1.57%). */
export const WINDOW = 8 * 1024;

/** FNV-1a (32 bit) of `bytes`. */
export function fnv1a(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Keeps the last `WINDOW` bytes of the plaintext written or read so far. */
export class FrameHistory {
  private buffer = new Uint8Array(0);
  get dictionary(): Uint8Array {
    return this.buffer;
  }
  push(bytes: Uint8Array): void {
    const joined = new Uint8Array(this.buffer.length + bytes.length);
    joined.set(this.buffer, 0);
    joined.set(bytes, this.buffer.length);
    this.buffer = joined.length > WINDOW ? joined.subarray(joined.length - WINDOW) : joined;
  }
}

/** Raw-deflate decompression with an optional preset dictionary (empty when there is none). */
export type InflateRaw = (payload: Uint8Array, dictionary: Uint8Array) => Uint8Array;

/** Options of `readReplay` / `decodeReplay` / `decodeReplayFrames`. */
export interface ReadReplayOptions {
  /**
   * Return the readable prefix of a truncated replay (`complete: false`) instead of throwing
   * `TRUNCATED_REPLAY`. Corruption still throws.
   */
  allowTruncated?: boolean;
}

/** True when `bytes` starts like an arena replay file (its magic bytes, or a prefix of them). */
export function looksLikeReplay(bytes: Uint8Array): boolean {
  return bytes.length > 0 && sharesMagic(bytes);
}

/** True when `bytes` and the magic agree on their common length (an empty file does). */
function sharesMagic(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, REPLAY_MAGIC.length);
  for (let i = 0; i < n; i++) if (bytes[i] !== REPLAY_MAGIC[i]) return false;
  return true;
}

/**
 * Decodes the bytes of a replay file with the given raw-inflate; `source` names it in errors.
 * Browser-safe. Throws `ArenaError` `"BAD_REPLAY"` (not a replay, corrupt) or
 * `"TRUNCATED_REPLAY"` (cut short, unless `allowTruncated`).
 */
export function decodeReplayFrames(
  bytes: Uint8Array,
  inflate: InflateRaw,
  source = "replay",
  options: ReadReplayOptions = {},
): Replay {
  const file = { file: source };
  if (bytes.length < REPLAY_MAGIC.length || !sharesMagic(bytes)) {
    if (bytes.length < REPLAY_MAGIC.length && sharesMagic(bytes)) {
      throw new ArenaError(
        "TRUNCATED_REPLAY",
        "the replay file is cut short before its header",
        file,
      );
    }
    throw new ArenaError("BAD_REPLAY", "not an arena replay (wrong magic bytes)", file);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder("utf-8");
  const decoder = new ReplayDecoder(source);
  const history = new FrameHistory();
  let offset = REPLAY_MAGIC.length;
  let frame = 0;
  let truncated: string | undefined;
  while (offset < bytes.length) {
    const where = `frame ${frame} at byte ${offset}${decoder.started ? ` (after step ${decoder.stepCount})` : " (header)"}`;
    if (bytes.length - offset < FRAME_HEADER) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const length = view.getUint32(offset, true);
    if (~length >>> 0 !== view.getUint32(offset + 4, true)) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: bad frame header in ${where}`, file);
    }
    const checksum = view.getUint32(offset + 8, true);
    if (bytes.length - offset - FRAME_HEADER < length) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const payload = bytes.subarray(offset + FRAME_HEADER, offset + FRAME_HEADER + length);
    let plain: Uint8Array;
    try {
      plain = inflate(payload, history.dictionary);
    } catch (error) {
      throw new ArenaError(
        "BAD_REPLAY",
        `corrupt replay: ${where} does not decompress (${(error as Error).message})`,
        file,
      );
    }
    if (fnv1a(plain) !== checksum) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: checksum mismatch in ${where}`, file);
    }
    history.push(plain);
    const lines = utf8.decode(plain).split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    for (const line of lines) decoder.line(line);
    offset += FRAME_HEADER + length;
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
