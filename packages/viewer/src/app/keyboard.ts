// The viewer's keys (listed by the help window, page.ts): they work whatever control was clicked
// last, text fields aside.
/** What the keys do. */
export interface KeyActions {
  toggle(): void;
  stepBy(delta: number): void;
  seek(frame: number): void;
  /** One speed faster (1) or slower (−1). */
  speedBy(delta: number): void;
  zoom(factor: number): void;
  toggleAnimation(): void;
  toggleEvents(): void;
  chooseFile(): void;
  /** Shows or hides the help window (toggles it). */
  help(): void;
  /** Esc: closes the help window, or else unpins the pinned unit. */
  escape(): void;
  /** Goes to the next (1) or previous (−1) event of the pinned unit, or of the marks' player. */
  jump(direction: 1 | -1): void;
  /** Puts the cursor in the unit search field. */
  findUnit(): void;
}

/** Listens to the keys on the whole window (before the focused control does). */
export function bindKeyboard(actions: KeyActions): void {
  window.addEventListener(
    "keydown",
    (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !isViewerKey(e)) return;
      const action = keyAction(e, actions);
      if (action === undefined) return;
      action();
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
}

/**
 * Text fields keep their keys; every other control (slider, list, check box, button) gives the
 * viewer its keys, whatever was clicked last (a button keeps Enter and Space).
 */
function isViewerKey(e: KeyboardEvent): boolean {
  const target = e.target as HTMLElement;
  if (
    target.tagName === "TEXTAREA" ||
    (target.tagName === "INPUT" &&
      !["range", "checkbox", "file"].includes((target as HTMLInputElement).type))
  )
    return false;
  return !(target.tagName === "BUTTON" && (e.key === "Enter" || e.key === " "));
}

/** What the key of `e` does, or undefined for a key the viewer leaves alone. */
function keyAction(e: KeyboardEvent, actions: KeyActions): (() => void) | undefined {
  const big = e.shiftKey ? 10 : 1;
  switch (e.key) {
    case " ":
    case "k":
      return () => actions.toggle();
    case "ArrowRight":
    case "l":
      return () => actions.stepBy(big);
    case "ArrowLeft":
    case "j":
      return () => actions.stepBy(-big);
    case "PageDown":
      return () => actions.stepBy(100);
    case "PageUp":
      return () => actions.stepBy(-100);
    case "Home":
      return () => actions.seek(0);
    case "End":
      return () => actions.seek(Number.POSITIVE_INFINITY);
    case "+":
    case "=":
      return () => actions.speedBy(1);
    case "-":
      return () => actions.speedBy(-1);
    case "z":
      return () => actions.zoom(1.5);
    case "x":
      return () => actions.zoom(1 / 1.5);
    case "0":
      return () => actions.zoom(0);
    case "a":
      return () => actions.toggleAnimation();
    case "e":
      return () => actions.toggleEvents();
    case "o":
      return () => actions.chooseFile();
    case "h":
    case "?":
      return () => actions.help();
    case "Escape":
      return () => actions.escape();
    case "n":
    case "]":
      return () => actions.jump(1);
    case "p":
    case "[":
      return () => actions.jump(-1);
    case "/":
      return () => actions.findUnit();
    default:
      return undefined;
  }
}
