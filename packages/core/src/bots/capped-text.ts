/** Keeps the first `cap` bytes of a byte stream and counts the rest (a bot's stderr). */
export class CappedText {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;

  constructor(private readonly cap: number) {}

  push(chunk: Uint8Array): void {
    const room = this.cap - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(Buffer.from(part));
      this.kept += part.length;
    }
    this.dropped += Math.max(0, chunk.length - Math.max(0, room));
  }

  /** The kept text with a note of what was dropped, or undefined when nothing was written. */
  text(): string | undefined {
    if (this.kept === 0 && this.dropped === 0) return undefined;
    let text = Buffer.concat(this.chunks).toString("utf8");
    if (this.dropped > 0) text += `\n[stderr truncated: ${this.dropped} more bytes not kept]`;
    return text;
  }
}
