import type { ResRecorder, ResSink } from "../engine/engine";

/**
 * A `ResRecorder` for replay texts made of pieces: `initial()` once now (preamble and first
 * state), then `afterStep()` after every step (what the original prints between states, and the
 * new state). With a `sink`, each piece goes to it at once and nothing is kept (`text()` is empty);
 * without, the pieces are kept and `text()` joins them.
 */
export function textRecorder(
  initial: () => string,
  afterStep: () => string,
  sink?: ResSink,
): ResRecorder {
  if (sink !== undefined) {
    sink(initial());
    return {
      afterStep() {
        sink(afterStep());
      },
      text: () => "",
    };
  }
  const parts = [initial()];
  return {
    afterStep() {
      parts.push(afterStep());
    },
    text: () => parts.join(""),
  };
}
