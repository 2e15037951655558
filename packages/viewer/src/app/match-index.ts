// The index of a whole match, built once per file without building its frames: the marks of the
// timeline (deaths, kills, captures, faults and rejected orders, by player) and, for each piece,
// the frames where something happened to it (its events and its rejected orders), so that the
// page can jump to the next one and show a unit's history.
import type { Source } from "./source";
import type { EventKeys, EventKind } from "./types";

/** What the timeline marks. */
export type MarkKind = "death" | "kill" | "capture" | "fault" | "rejected";

/** The timeline's lanes, top to bottom. */
export const MARK_KINDS: readonly MarkKind[] = ["death", "kill", "capture", "fault", "rejected"];

/** One mark on the timeline. */
export interface TimelineMark {
  /** The frame it shows at: an event's step, a rejected order's or a fault's turn. */
  frame: number;
  kind: MarkKind;
  /** Whose: the dead unit's player, the killer's, the captor's, the frozen or rejected player. */
  player?: number;
  /** The pieces it names (`Piece.key`). */
  units: readonly string[];
}

/**
 * Something that happened to a piece: the frame, and what (an event's kind, `attacked` for an
 * attack's target, or a rejected order of its own).
 */
export interface UnitMoment {
  frame: number;
  kind: EventKind | "attacked" | "rejected";
}

/** A match's index. */
export interface MatchIndex {
  /** Every mark, by frame. */
  marks: TimelineMark[];
  /** Each piece's moments, by frame. */
  units: Map<string, UnitMoment[]>;
}

const indexes = new WeakMap<Source, MatchIndex>();

/** The index of `source` (built at the first call, then kept). */
export function matchIndex(source: Source): MatchIndex {
  let index = indexes.get(source);
  if (index === undefined) {
    index = buildIndex(source);
    indexes.set(source, index);
  }
  return index;
}

/** Whether `matchIndex(source)` is built already. */
export const indexReady = (source: Source): boolean => indexes.has(source);

function buildIndex(source: Source): MatchIndex {
  const marks: TimelineMark[] = [];
  const units = new Map<string, UnitMoment[]>();
  const moment = (key: string, frame: number, kind: UnitMoment["kind"]) => {
    let list = units.get(key);
    if (list === undefined) {
      list = [];
      units.set(key, list);
    }
    const last = list[list.length - 1];
    if (last === undefined || last.frame !== frame || last.kind !== kind)
      list.push({ frame, kind });
  };
  for (const { frame, player } of source.faults())
    marks.push({ frame, kind: "fault", player, units: [] });
  for (let i = 0; i < source.length; i++) {
    for (const event of source.eventKeys(i)) {
      const keys = event.units ?? [];
      for (const [key, kind] of roles(event)) moment(key, i, kind);
      if (event.kind === "death" || event.kind === "kill" || event.kind === "capture")
        marks.push({ frame: i, kind: event.kind, ...ofPlayer(event.player), units: keys });
    }
    rejectedMarks(source, i, marks, moment);
  }
  // Stable: a frame's marks keep their order (faults first).
  marks.sort((a, b) => a.frame - b.frame);
  return { marks, units };
}

/**
 * What an event was for each piece it names: a kill is the killer's (the victim's is its death),
 * a death the dead unit's (the killer's is its kill), an attack the attacker's and `attacked` for
 * its target; anything else, each piece's.
 */
function roles(event: EventKeys): Array<[string, UnitMoment["kind"]]> {
  const units = event.units ?? [];
  if (event.kind === "kill") return units.slice(0, 1).map((key) => [key, "kill"]);
  if (event.kind === "death") return units.slice(-1).map((key) => [key, "death"]);
  if (event.kind === "attack") return units.map((key, k) => [key, k === 0 ? "attack" : "attacked"]);
  return units.map((key) => [key, event.kind]);
}

const ofPlayer = (p: number | undefined) => (p === undefined ? {} : { player: p });

/** Each player's rejected orders of the turn from frame i: one mark, a moment for each unit named. */
function rejectedMarks(
  source: Source,
  i: number,
  marks: TimelineMark[],
  moment: (key: string, frame: number, kind: UnitMoment["kind"]) => void,
): void {
  source.rejected(i).forEach((turn, p) => {
    if (turn === null || turn === undefined) return;
    const keys = new Set<string>();
    for (const { order } of turn.orders) {
      const key = source.view.orderUnit?.(order, p);
      if (key !== undefined) keys.add(key);
    }
    for (const key of keys) moment(key, i, "rejected");
    marks.push({ frame: i, kind: "rejected", player: p, units: [...keys] });
  });
}

/** What the page jumps through: a pinned piece's moments, or the marks of a player (or all). */
export type JumpTarget = { key: string } | { player: number | undefined };

/**
 * The frame of the next (`direction` 1) or previous (−1) moment after or before `from` of
 * `target`, or undefined when there is none.
 */
export function jumpFrame(
  index: MatchIndex,
  from: number,
  direction: 1 | -1,
  target: JumpTarget,
): number | undefined {
  const frames =
    "key" in target
      ? (index.units.get(target.key) ?? []).map((m) => m.frame)
      : index.marks
          .filter((m) => target.player === undefined || m.player === target.player)
          .map((m) => m.frame);
  if (direction > 0) return frames.find((f) => f > from);
  for (let k = frames.length - 1; k >= 0; k--) if (frames[k]! < from) return frames[k];
  return undefined;
}
