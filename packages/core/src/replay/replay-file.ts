// Node-only: the replay container (files, raw deflate). The record format itself is in replay.ts.
import { closeSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ArenaError } from "../engine/errors";
import type { BotNote } from "../notes/bot-notes";
import {
  decodeReplayFrames,
  FRAME_HEADER,
  FrameHistory,
  fnv1a,
  REPLAY_MAGIC,
  type ReadReplayOptions,
} from "./frames";
import type { RejectedTurn } from "./rejected-orders";
import {
  REPLAY_FORMAT,
  type Replay,
  ReplayEncoder,
  type ReplayFinal,
  type ReplayHeader,
} from "./replay";

const MAGIC = Buffer.from(REPLAY_MAGIC);

/** Steps per frame at most: a crash loses at most this many steps of the replay. */
export const BATCH_STEPS = 64;
/** Plaintext bytes per frame at most (a frame is written once its text reaches this size). */
export const BATCH_BYTES = 64 * 1024;

/** Encodes replay text into frames (`frame(text)`), each self-checking and decodable in order. */
export class ReplayFrameEncoder {
  private readonly history = new FrameHistory();

  /** The magic bytes that start a replay file. */
  static readonly magic: Buffer = MAGIC;

  /**
   * One frame holding `text` (any number of whole lines). With `preview`, the frame is encoded
   * as the next one would be (quickly, at level 1) but not recorded: the frame after it is encoded
   * as if it had not been made (a look at steps not yet written, see `ReplayWriter.preview`).
   */
  frame(text: string, preview = false): Buffer {
    const plain = Buffer.from(text, "utf8");
    const dictionary = this.history.dictionary;
    const level = preview ? 1 : 9;
    const payload =
      dictionary.length > 0
        ? deflateRawSync(plain, { dictionary, level })
        : deflateRawSync(plain, { level });
    if (!preview) this.history.push(plain);
    const out = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
    out.writeUInt32LE(payload.length, 0);
    out.writeUInt32LE(~payload.length >>> 0, 4);
    out.writeUInt32LE(plain.length, 8);
    out.writeUInt32LE(fnv1a(plain), 12);
    payload.copy(out, FRAME_HEADER);
    return out;
  }
}

const cannotWrite = (path: string, error: unknown): ArenaError => {
  const code = (error as NodeJS.ErrnoException).code;
  return new ArenaError(
    "CANNOT_WRITE",
    `cannot write the replay (${code ?? (error as Error).message})`,
    { file: path },
  );
};

/**
 * Writes a replay file as a match is played. The header goes out at once; steps are batched, one
 * compressed, checksummed frame (one `write`) per `BATCH_STEPS` steps or `BATCH_BYTES` of text, so
 * a process that dies mid-match loses at most its last batch and leaves a readable prefix.
 *
 * The file is written as `<path>.partial` and renamed to `<path>` only when the match is closed as
 * finished (`close(final)` with `final.over !== false`): an interrupted, aborted or crashed match
 * never replaces an existing good `<path>`; its prefix stays readable at `partialPath`.
 */
export class ReplayWriter {
  private fd: number | undefined;
  private readonly encoder = new ReplayEncoder();
  private readonly frames = new ReplayFrameEncoder();
  private pending = "";
  private pendingSteps = 0;
  /** Where the file is written while the match is played (`<path>.partial`). */
  readonly partialPath: string;
  /** Whether `close` renamed the finished replay to `path`. */
  committed = false;
  /** Bytes written to the file so far (flushed batches only). */
  bytes = 0;
  /** Steps written so far (including the pending batch). */
  steps = 0;

  private constructor(
    readonly path: string,
    readonly header: ReplayHeader,
  ) {
    this.partialPath = `${path}.partial`;
    try {
      this.fd = openSync(this.partialPath, "w");
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
    this.write(MAGIC);
    this.write(this.frames.frame(this.encoder.header({ ...header, format: REPLAY_FORMAT })));
  }

  /** Creates (or truncates) `<path>.partial` and writes the header. */
  static open(path: string, header: ReplayHeader): ReplayWriter {
    return new ReplayWriter(path, header);
  }

  private write(bytes: Buffer): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    try {
      writeSync(this.fd, bytes);
    } catch (error) {
      throw cannotWrite(this.path, error);
    }
    this.bytes += bytes.length;
  }

  /** Writes the pending steps as one frame now (also done by `close`). */
  flush(): void {
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    this.pendingSteps = 0;
    this.write(this.frames.frame(text));
  }

  /**
   * The replay as it would read now, steps not yet written included: the first `bytes` bytes of
   * the file followed by `frame` (the pending steps as one frame; absent when none is pending).
   * For a live view that follows a match step by step while the file grows by batches; the file
   * itself is not touched.
   */
  preview(): { bytes: number; frame?: Uint8Array } {
    if (this.pending === "" || this.fd === undefined) return { bytes: this.bytes };
    return { bytes: this.bytes, frame: this.frames.frame(this.pending, true) };
  }

  /**
   * Appends the rejected orders of the step written next (`writeStep`): each player's record of
   * its turn (`null` or undefined: none). Nothing is written when no player had any.
   */
  writeRejected(players: ReadonlyArray<RejectedTurn | null | undefined>): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    this.pending += this.encoder.rejected(players);
  }

  /**
   * Appends one step: `orders[p]` = player p's accepted orders (JSON data), the state digest after
   * it if one is due, the players frozen just before it was resolved, and what each bot attached
   * to its turn (bot annotations, a record of their own). Buffered: the batch is written when it
   * holds `BATCH_STEPS` steps or `BATCH_BYTES` of text.
   */
  writeStep(
    orders: ReadonlyArray<ReadonlyArray<unknown>>,
    digest?: number,
    frozen?: readonly number[],
    notes?: ReadonlyArray<BotNote | null>,
  ): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    this.pending += this.encoder.step(orders, digest, frozen, notes);
    this.steps++;
    if (++this.pendingSteps >= BATCH_STEPS || this.pending.length >= BATCH_BYTES) this.flush();
  }

  /**
   * Writes the pending steps and the end record (when `final` is given), closes the file and, if
   * the match finished (`final` given, `final.over !== false`), renames it to `path`. Without
   * `final`, or with `over: false` (aborted), the readable prefix stays at `partialPath`. Safe to
   * call twice.
   */
  close(final?: ReplayFinal): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    try {
      if (final !== undefined) this.pending += this.encoder.end(final);
      // No fsync: the rename makes the replay appear whole to every other process (atomic on
      // POSIX), and a replay is an output that can be played again, not data to keep across a
      // power cut. Should the machine crash before the kernel writes the file back, the replay
      // may read short or zeroed, which its frames' lengths, checksums and end record always
      // detect (TRUNCATED_REPLAY or BAD_REPLAY), never a different match.
      this.flush();
    } finally {
      this.fd = undefined;
      closeSync(fd);
    }
    if (final !== undefined && final.over !== false) {
      try {
        renameSync(this.partialPath, this.path);
      } catch (error) {
        throw cannotWrite(this.path, error);
      }
      this.committed = true;
    }
  }
}

export type { ReadReplayOptions };

const inflateNode = (payload: Uint8Array, dictionary: Uint8Array, maxLength?: number): Uint8Array =>
  inflateRawSync(payload, {
    ...(dictionary.length > 0 ? { dictionary } : {}),
    ...(maxLength !== undefined ? { maxOutputLength: Math.max(1, maxLength) } : {}),
  });

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
