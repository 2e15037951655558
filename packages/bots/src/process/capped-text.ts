/** The part of a capped stream kept at its end (where a crash's traceback is). */
const TAIL_BYTES = 8 * 1024;

/**
 * Keeps the first `cap` bytes of a byte stream (a bot's stderr) — its beginning, and once it is
 * over the cap, its last 8 KiB too — and counts what is dropped between them. Every chunk also
 * goes to `listener` when one is set (e.g. the runner's `onBotOutput`, for `--bot-log`).
 */
export class CappedText {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;
  private tail: Buffer = Buffer.alloc(0);
  /** Receives every chunk as it comes (all of it, not capped). */
  listener: ((text: string) => void) | undefined;

  constructor(private readonly cap: number) {}

  push(chunk: Uint8Array): void {
    this.listener?.(Buffer.from(chunk).toString("utf8"));
    const headCap = Math.max(0, this.cap - TAIL_BYTES);
    const room = headCap - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
      if (part.length === chunk.length) return;
      chunk = chunk.subarray(part.length);
    }
    // Past the head: a rolling tail; what falls out of it is dropped.
    const joined = Buffer.concat([this.tail, chunk]);
    const excess = Math.max(0, joined.length - TAIL_BYTES);
    this.dropped += excess;
    this.tail = Buffer.from(joined.subarray(excess));
  }

  /** The kept text with a note of what was dropped, or undefined when nothing was written. */
  text(): string | undefined {
    if (this.kept === 0 && this.tail.length === 0) return undefined;
    const head = Buffer.concat(this.chunks).toString("utf8");
    if (this.dropped === 0) return head + this.tail.toString("utf8");
    return `${head}\n[stderr truncated: ${this.dropped} bytes not kept]\n${this.tail.toString("utf8")}`;
  }
}
