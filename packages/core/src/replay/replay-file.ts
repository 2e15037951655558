// Node-only: the replay container (files, raw deflate). The record format itself is in replay.ts.
import { closeSync, renameSync } from "node:fs";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ArenaError } from "../engine/errors";
import { readInputFile } from "../files/input-file";
import { openPartialFile, removeQuietly, writeFully } from "../files/output-file";
import type { BotNote } from "../notes/bot-notes";
import {
  decodeReplayFrames,
  FRAME_HEADER,
  FrameHistory,
  fnv1a,
  MAX_INFLATED_BYTES,
  REPLAY_MAGIC,
  type ReadReplayOptions,
} from "./frames";
import {
  endDigest,
  REPLAY_FORMAT,
  type Replay,
  ReplayEncoder,
  type ReplayFinal,
  type ReplayHeader,
} from "./replay";
import type { UsageRecord } from "./usage";

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
    // A fresh file of arena's own (never written through a link someone put at either path).
    try {
      this.fd = openPartialFile(this.partialPath, path, { what: "the replay" });
    } catch (error) {
      throw error instanceof ArenaError ? error : cannotWrite(this.path, error);
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
      writeFully(this.fd, bytes);
    } catch (error) {
      // A full disk or another write error: the file is not a readable replay any more (a frame
      // cut short), so it goes, and the writer is closed (`close` then does nothing).
      this.discard();
      throw cannotWrite(this.path, error);
    }
    this.bytes += bytes.length;
  }

  /**
   * Closes the file and removes it (`partialPath`): for a match whose replay is not wanted after
   * all (a failed match of a tournament), and after a write error. Safe to call at any time.
   */
  discard(): void {
    if (this.fd !== undefined) {
      const fd = this.fd;
      this.fd = undefined;
      try {
        closeSync(fd);
      } catch {
        // Closing after a failed write may fail the same way; the file goes anyway.
      }
    }
    if (!this.committed) removeQuietly(this.partialPath);
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
   * Appends one step: `orders[p]` = player p's accepted orders (JSON data), the state digest after
   * it if one is due, the players frozen just before it was resolved, what each bot attached
   * to its turn (bot annotations, a record of their own), and what the bots used (`usage`). Buffered: the batch is written when it
   * holds `BATCH_STEPS` steps or `BATCH_BYTES` of text.
   */
  writeStep(
    orders: ReadonlyArray<ReadonlyArray<unknown>>,
    digest?: number,
    frozen?: readonly number[],
    notes?: ReadonlyArray<BotNote | null>,
    usage?: readonly UsageRecord[],
  ): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    this.pending += this.encoder.step(orders, digest, frozen, notes, usage);
    this.steps++;
    if (++this.pendingSteps >= BATCH_STEPS || this.pending.length >= BATCH_BYTES) this.flush();
  }

  /**
   * Records players frozen after the last step written (their bots failed in that step's result):
   * a freeze record of its own before the end record, so that only frozen players have faults.
   */
  writeFreeze(players: readonly number[]): void {
    if (this.fd === undefined)
      throw new ArenaError("REPLAY_CLOSED", `replay ${this.path} is closed`);
    if (players.length > 0) this.pending += this.encoder.freeze(players);
  }

  /**
   * Writes the pending steps and the end record (when `final` is given, with the digest that
   * covers it and the player names: `endDigest`), closes the file and, if
   * the match finished (`final` given, `final.over !== false`), renames it to `path`. Without
   * `final`, or with `over: false` (aborted), the readable prefix stays at `partialPath`. Safe to
   * call twice.
   */
  close(final?: ReplayFinal): void {
    if (this.fd === undefined) return;
    try {
      if (final !== undefined) {
        const { digest: _digest, ...record } = final;
        const digest = endDigest(this.header.players, record);
        this.pending += this.encoder.end({ ...record, digest });
      }
      // No fsync: the rename makes the replay appear whole to every other process (atomic on
      // POSIX), and a replay is an output that can be played again, not data to keep across a
      // power cut. Should the machine crash before the kernel writes the file back, the replay
      // may read short or zeroed, which its frames' lengths, checksums and end record always
      // detect (TRUNCATED_REPLAY or BAD_REPLAY), never a different match.
      this.flush();
    } finally {
      // A failed write has closed and removed the file already (`discard`).
      const fd = this.fd;
      this.fd = undefined;
      if (fd !== undefined) closeSync(fd);
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
  // Bounded like every input: a regular file only (not /dev/zero, not a FIFO), and no larger than
  // what it may inflate to (a replay is compressed: its file is smaller than its text).
  const bytes = readInputFile(path, {
    what: "the replay",
    code: "BAD_REPLAY",
    maxBytes: (options.maxInflatedBytes ?? MAX_INFLATED_BYTES) + 1024 * 1024,
  });
  return decodeReplay(bytes, path, options);
}
