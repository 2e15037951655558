// The orphan test's processor: the real one's guards (`dist/processor.js`, imported for its
// effects), then a job that says it started and keeps its thread busy until its parent is gone,
// as a CPU-bound match does, so that its result is sent to a parent that no longer exists.
import { writeSync } from "node:fs";
import "../../dist/processor.js";

const parent = process.ppid;

export default function blockUntilOrphaned() {
  writeSync(1, `started ${process.pid}\n`);
  while (process.ppid === parent) {
    // Busy: the event loop does not run, so the closed channel is not noticed before the send.
  }
  return { ok: true };
}
