import type { ResRecorder } from "./engine";

/**
 * A `ResRecorder` for replay texts made of pieces: `initial()` once now (preamble and first
 * state), then `afterStep()` after every step (what the original prints between states, and the
 * new state).
 */
export function textRecorder(initial: () => string, afterStep: () => string): ResRecorder {
  const parts = [initial()];
  return {
    afterStep() {
      parts.push(afterStep());
    },
    text: () => parts.join(""),
  };
}
