// Bot annotations: debug drawings and text a bot attaches to a turn. They are recorded in the
// replay beside the orders (a record of their own), never reach the engine, and the viewer draws
// them per player. Browser-safe.

/** A cell as the game's own API names it: `[row, col]` (Lighthouses: `[x, y]`). */
export type NoteCell = [number, number];

/** What one bot attaches to one turn. Every part is optional. */
export interface BotNote {
  /** Marks on cells: an optional CSS colour and a short label (≤ 40 characters). */
  marks?: Array<{ cell: NoteCell; color?: string; text?: string }>;
  /** Lines between two cells, with an optional CSS colour. */
  lines?: Array<{ from: NoteCell; to: NoteCell; color?: string }>;
  /** A text per unit (by the unit's id in the game's API). */
  units?: Array<{ id: number; text: string }>;
  /** A text for the whole turn: the bot's log line. */
  text?: string;
  /** Set when the note went over `NOTE_LIMIT` and its last parts were dropped. */
  truncated?: true;
  /**
   * Set by the runner, with `truncated`, when the bot's notes of the match went over
   * `NOTE_MATCH_LIMIT`: the turn's note is not kept (the cap, in bytes). Never given by a bot.
   */
  notesCap?: { per: "match"; bytes: number };
  /**
   * What the bot wrote on stderr (or printed) during this turn, recorded by the runner for bots
   * in their own process (`STDERR_TURN_LIMIT` characters at most). Never given by a bot:
   * `checkNote` refuses the field.
   */
  stderr?: string;
  /** Characters of this turn's stderr not kept (over the per-turn or per-match cap). */
  stderrDropped?: number;
  /**
   * The cap that cut this turn's stderr, when some was not kept: `turn` (`STDERR_TURN_LIMIT`
   * characters a turn) or `match` (`STDERR_MATCH_LIMIT` characters over the match), and its size.
   */
  stderrCap?: { per: "turn" | "match"; characters: number };
}

/**
 * The most a bot may attach to one turn, in bytes of JSON (like Screeps' limit per tick, smaller:
 * a turn is one player's step). What goes over it is dropped, and the note says `truncated`.
 */
export const NOTE_LIMIT = 16 * 1024;

/**
 * The most a replay keeps of one bot's notes over a match, in bytes of JSON (its stderr has caps
 * of its own): past it, each annotated turn keeps only `{truncated: true, notesCap}`. A bot that
 * annotates every turn of a 10 001-round match with a short text stays well within it.
 */
export const NOTE_MATCH_LIMIT = 1024 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function cell(value: unknown, where: string): NoteCell {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((v) => typeof v === "number" && Number.isInteger(v))
  )
    throw new Error(`${where} must be a cell [row, col] of two integers`);
  return [value[0] as number, value[1] as number];
}

function text(value: unknown, where: string, max: number): string {
  if (typeof value !== "string") throw new Error(`${where} must be a string`);
  return value.length > max ? value.slice(0, max) : value;
}

function color(value: unknown, where: string): string {
  const c = text(value, where, 40);
  if (!/^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(c))
    throw new Error(`${where} must be a CSS colour (#rgb, #rrggbb or a name)`);
  return c;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value;
}

/**
 * Checks a note given by a bot and caps it at `NOTE_LIMIT`. Throws an `Error` naming the bad
 * field (e.g. `marks[2].cell must be a cell [row, col] of two integers`).
 */
export function checkNote(value: unknown, limit = NOTE_LIMIT): BotNote {
  if (!isObject(value))
    throw new Error("an annotation must be an object {marks, lines, units, text}");
  for (const key of Object.keys(value))
    if (!["marks", "lines", "units", "text"].includes(key))
      throw new Error(`unknown annotation field '${key}' (fields: marks, lines, units, text)`);
  const note: BotNote = {};
  let size = 2;
  let truncated = false;
  const fits = (item: unknown): boolean => {
    const bytes = JSON.stringify(item).length + 1;
    if (size + bytes > limit) {
      truncated = true;
      return false;
    }
    size += bytes;
    return true;
  };
  if (value.text !== undefined) {
    const t = text(value.text, "text", 2000);
    if (fits(t)) note.text = t;
  }
  if (value.units !== undefined) {
    note.units = [];
    list(value.units, "units").forEach((u, k) => {
      if (!isObject(u) || typeof u.id !== "number" || !Number.isInteger(u.id))
        throw new Error(`units[${k}] must be {id, text} with an integer id`);
      const item = { id: u.id, text: text(u.text, `units[${k}].text`, 200) };
      if (fits(item)) note.units!.push(item);
    });
  }
  if (value.marks !== undefined) {
    note.marks = [];
    list(value.marks, "marks").forEach((m, k) => {
      if (!isObject(m)) throw new Error(`marks[${k}] must be {cell, color?, text?}`);
      const item: { cell: NoteCell; color?: string; text?: string } = {
        cell: cell(m.cell, `marks[${k}].cell`),
      };
      if (m.color !== undefined) item.color = color(m.color, `marks[${k}].color`);
      if (m.text !== undefined) item.text = text(m.text, `marks[${k}].text`, 40);
      if (fits(item)) note.marks!.push(item);
    });
  }
  if (value.lines !== undefined) {
    note.lines = [];
    list(value.lines, "lines").forEach((l, k) => {
      if (!isObject(l)) throw new Error(`lines[${k}] must be {from, to, color?}`);
      const item: { from: NoteCell; to: NoteCell; color?: string } = {
        from: cell(l.from, `lines[${k}].from`),
        to: cell(l.to, `lines[${k}].to`),
      };
      if (l.color !== undefined) item.color = color(l.color, `lines[${k}].color`);
      if (fits(item)) note.lines!.push(item);
    });
  }
  for (const key of ["units", "marks", "lines"] as const)
    if (note[key]?.length === 0) delete note[key];
  if (truncated) note.truncated = true;
  return note;
}

/** Two notes of one turn as one (a bot may annotate several times), capped at `limit`. */
export function mergeNotes(a: BotNote | undefined, b: BotNote, limit = NOTE_LIMIT): BotNote {
  if (a === undefined) return b;
  const merged = checkNote(
    {
      ...(a.text !== undefined || b.text !== undefined
        ? { text: [a.text, b.text].filter((t) => t !== undefined).join("\n") }
        : {}),
      units: [...(a.units ?? []), ...(b.units ?? [])],
      marks: [...(a.marks ?? []), ...(b.marks ?? [])],
      lines: [...(a.lines ?? []), ...(b.lines ?? [])],
    },
    limit,
  );
  if (a.truncated || b.truncated) merged.truncated = true;
  return merged;
}

/** Something annotations can be given to: an actions object of an in-process bot. */
interface Annotatable {
  annotate?(note: BotNote): void;
}

/**
 * Gives `actions` an `annotate(note)` method recording into `collector` (unless the game's
 * actions object has one of its own). The runner does this for in-process bots.
 */
export function withAnnotate<A>(actions: A, collector: { annotate(note: BotNote): void }): A {
  if (typeof actions !== "object" || actions === null || "annotate" in actions) return actions;
  const annotate = (note: BotNote): void => collector.annotate(note);
  if (Object.isExtensible(actions)) {
    Object.defineProperty(actions, "annotate", { value: annotate, enumerable: false });
    return actions;
  }
  // A frozen actions object (the games' read-only ones): a view of it that also has `annotate`.
  // The game's methods are called on the object itself (they may use its private fields).
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(actions, {
    get(target, key) {
      if (key === "annotate") return annotate;
      const value: unknown = Reflect.get(target, key, target);
      // An own property of a frozen object must be returned as it is (a proxy invariant).
      if (typeof value !== "function" || Object.hasOwn(target, key)) return value;
      let method = bound.get(key);
      if (method === undefined) {
        // Called through `Reflect.apply`, not the method's own `bind`: an in-process bot can
        // reach the game's methods (shared by every match in the process) and replace a
        // property of theirs, which must not break another bot's match.
        const game = value as (...args: unknown[]) => unknown;
        method = (...args: unknown[]) => Reflect.apply(game, target, args);
        bound.set(key, method);
      }
      return method;
    },
  });
}

/**
 * Attaches a note to this turn from a bot's `play(view, actions)`, in TypeScript without a cast:
 * `annotate(actions, { text: "going north", marks: [{ cell: [3, 4] }] })`. Does nothing when the
 * actions object cannot record notes (a bot run some other way).
 */
export function annotate(actions: unknown, note: BotNote): void {
  (actions as Annotatable | null)?.annotate?.(note);
}
