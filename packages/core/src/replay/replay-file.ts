// Node-only: the replay container (files, raw deflate). The record format itself is in replay.ts.
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { BotNote } from "../bot-notes";
import { ArenaError } from "../errors";
import {
  decodeReplayFrames,
  FRAME_HEADER,
  FrameHistory,
  fnv1a,
  REPLAY_MAGIC,
  type ReadReplayOptions,
} from "./frames";
import { type Replay, ReplayEncoder, type ReplayFinal, type ReplayHeader } from "./replay";

const MAGIC = Buffer.from(REPLAY_MAGIC);

/** Encodes replay text into frames (`frame(text)`), each self-checking and decodable in order. */
export class ReplayFrameEncoder {
  private readonly history = new FrameHistory();

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
   * it if one is due, the players frozen just before it was resolved, and what each bot attached
   * to its turn (bot annotations, a record of their own).
   */
  writeStep(
    orders: ReadonlyArray<ReadonlyArray<unknown>>,
    digest?: number,
    frozen?: readonly number[],
    notes?: ReadonlyArray<BotNote | null>,
  ): void {
    this.write(this.frames.frame(this.encoder.step(orders, digest, frozen, notes)));
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

export type { ReadReplayOptions };

const inflateNode = (payload: Uint8Array, dictionary: Uint8Array): Uint8Array =>
  dictionary.length > 0 ? inflateRawSync(payload, { dictionary }) : inflateRawSync(payload);

/** Decodes the bytes of a replay file; `source` names it in errors. */
export function decodeReplay(
  bytes: Uint8Array,
  source = "replay",
  options: ReadReplayOptions = {},
): Replay {
  return decodeReplayFrames(bytes, inflateNode, source, options);
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
