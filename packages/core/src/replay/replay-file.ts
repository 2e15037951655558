// Node-only: the replay container (files, raw deflate). The record format itself is in replay.ts.
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ArenaError } from "../errors";
import {
  type Replay,
  ReplayDecoder,
  ReplayEncoder,
  type ReplayFinal,
  type ReplayHeader,
} from "./replay";

/** The first bytes of every replay file. */
const MAGIC = Buffer.from("ARENA-REPLAY/1\n", "latin1");
/** Frame header: payload length, its complement, FNV-1a of the plaintext (u32 little-endian). */
const FRAME_HEADER = 12;
/** Each frame is compressed with the previous 8 KiB of text as dictionary (a larger one costs
 * much more time per step for little gain: 32 KiB takes 2.5× the time for 1.53% instead of 1.57%). */
const WINDOW = 8 * 1024;

function fnv1a(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Keeps the last `WINDOW` bytes of the plaintext written so far. */
class History {
  private buffer = Buffer.alloc(0);
  get dictionary(): Buffer {
    return this.buffer;
  }
  push(bytes: Buffer): void {
    const joined = Buffer.concat([this.buffer, bytes]);
    this.buffer = joined.length > WINDOW ? joined.subarray(joined.length - WINDOW) : joined;
  }
}

/** Encodes replay text into frames (`frame(text)`), each self-checking and decodable in order. */
export class ReplayFrameEncoder {
  private readonly history = new History();

  /** The magic bytes that start a replay file. */
  static readonly magic: Buffer = MAGIC;

  /** One frame holding `text`. */
  frame(text: string): Buffer {
    const plain = Buffer.from(text, "utf8");
    const dictionary = this.history.dictionary;
    const payload =
      dictionary.length > 0
        ? deflateRawSync(plain, { dictionary, level: 9 })
        : deflateRawSync(plain, { level: 9 });
    this.history.push(plain);
    const out = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
    out.writeUInt32LE(payload.length, 0);
    out.writeUInt32LE(~payload.length >>> 0, 4);
    out.writeUInt32LE(fnv1a(plain), 8);
    payload.copy(out, FRAME_HEADER);
    return out;
  }
}

/**
 * Writes a replay file step by step: each `writeStep` appends one compressed, checksummed frame
 * with a synchronous write, so a match that crashes leaves a readable prefix.
 */
export class ReplayWriter {
  private fd: number | undefined;
  private readonly encoder = new ReplayEncoder();
  private readonly frames = new ReplayFrameEncoder();
  /** Bytes written so far. */
  bytes = 0;
  /** Steps written so far. */
  steps = 0;

  private constructor(
    readonly path: string,
    readonly header: ReplayHeader,
  ) {
    try {
      this.fd = openSync(path, "w");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ArenaError(
        "CANNOT_WRITE",
        `cannot write the replay (${code ?? (error as Error).message})`,
        {
          file: path,
        },
      );
    }
    this.write(MAGIC);
    this.write(this.frames.frame(this.encoder.header(header)));
  }

  /** Creates (or truncates) `path` and writes the header. */
  static open(path: string, header: ReplayHeader): ReplayWriter {
    return new ReplayWriter(path, header);
  }

  private write(bytes: Buffer): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    writeSync(this.fd, bytes);
    this.bytes += bytes.length;
  }

  /**
   * Appends one step: `orders[p]` = player p's accepted orders (JSON data), the state digest after
   * it if one is due, and the players frozen just before it was resolved.
   */
  writeStep(
    orders: ReadonlyArray<ReadonlyArray<unknown>>,
    digest?: number,
    frozen?: readonly number[],
  ): void {
    this.write(this.frames.frame(this.encoder.step(orders, digest, frozen)));
    this.steps++;
  }

  /** Writes the end record (when `final` is given) and closes the file. Safe to call twice. */
  close(final?: ReplayFinal): void {
    if (this.fd === undefined) return;
    if (final !== undefined) this.write(this.frames.frame(this.encoder.end(final)));
    try {
      fsyncSync(this.fd);
    } catch {
      // fsync is best effort (not supported on some file systems).
    }
    closeSync(this.fd);
    this.fd = undefined;
  }
}

/** Options of `readReplay` / `decodeReplay`. */
export interface ReadReplayOptions {
  /**
   * Return the readable prefix of a truncated replay (`complete: false`) instead of throwing
   * `TRUNCATED_REPLAY`. Corruption still throws.
   */
  allowTruncated?: boolean;
}

/** Decodes the bytes of a replay file; `source` names it in errors. */
export function decodeReplay(
  bytes: Uint8Array,
  source = "replay",
  options: ReadReplayOptions = {},
): Replay {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < MAGIC.length || !data.subarray(0, MAGIC.length).equals(MAGIC)) {
    if (data.length < MAGIC.length && MAGIC.subarray(0, data.length).equals(data)) {
      throw new ArenaError("TRUNCATED_REPLAY", "the replay file is cut short before its header", {
        file: source,
      });
    }
    throw new ArenaError("BAD_REPLAY", "not an arena replay (wrong magic bytes)", { file: source });
  }
  const decoder = new ReplayDecoder(source);
  const history = new History();
  let offset = MAGIC.length;
  let frame = 0;
  let truncated: string | undefined;
  while (offset < data.length) {
    const where = `frame ${frame} at byte ${offset}${decoder.started ? ` (after step ${decoder.stepCount})` : " (header)"}`;
    if (data.length - offset < FRAME_HEADER) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const length = data.readUInt32LE(offset);
    if (~length >>> 0 !== data.readUInt32LE(offset + 4)) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: bad frame header in ${where}`, {
        file: source,
      });
    }
    const checksum = data.readUInt32LE(offset + 8);
    if (data.length - offset - FRAME_HEADER < length) {
      truncated = `the file ends inside ${where}`;
      break;
    }
    const payload = data.subarray(offset + FRAME_HEADER, offset + FRAME_HEADER + length);
    let plain: Buffer;
    try {
      const dictionary = history.dictionary;
      plain =
        dictionary.length > 0 ? inflateRawSync(payload, { dictionary }) : inflateRawSync(payload);
    } catch (error) {
      throw new ArenaError(
        "BAD_REPLAY",
        `corrupt replay: ${where} does not decompress (${(error as Error).message})`,
        {
          file: source,
        },
      );
    }
    if (fnv1a(plain) !== checksum) {
      throw new ArenaError("BAD_REPLAY", `corrupt replay: checksum mismatch in ${where}`, {
        file: source,
      });
    }
    history.push(plain);
    const text = plain.toString("utf8");
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    for (const line of lines) decoder.line(line);
    offset += FRAME_HEADER + length;
    frame++;
  }
  if (!decoder.started) {
    throw new ArenaError("TRUNCATED_REPLAY", "the replay file is cut short before its header", {
      file: source,
    });
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
        { file: source },
      );
    }
  } else if (truncated !== undefined) {
    throw new ArenaError("BAD_REPLAY", `corrupt replay: data after the end record (${truncated})`, {
      file: source,
    });
  }
  return replay;
}

/**
 * Reads and decodes a replay file (format: core README). Throws `ArenaError` `"BAD_REPLAY"` for a
 * file that is not a replay or is corrupt, `"TRUNCATED_REPLAY"` for one cut short (unless
 * `allowTruncated`). Does not re-simulate: call `verifyReplay` for that.
 */
export function readReplay(path: string, options: ReadReplayOptions = {}): Replay {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ArenaError(
      "BAD_REPLAY",
      code === "ENOENT"
        ? "no such replay file"
        : `cannot read the replay (${code ?? (error as Error).message})`,
      { file: path },
    );
  }
  return decodeReplay(bytes, path, options);
}
