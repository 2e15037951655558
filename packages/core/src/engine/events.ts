// What a game's rules did in a step, as typed events (`Match.events`). Browser-safe.

/**
 * A unit of a player: who did something or had it done to them. `unit` is the id the game's API
 * gives it (a soldier's id, a car's id, a goku's id = its player).
 */
export type UnitRef = { player: number; unit: number };

/**
 * Something a game's rules did in a step. Plain JSON data: a `type` (`kill`, `death`, `respawn`,
 * `pickup`, … each game lists its own in its README and exports their union) and the fields of
 * that type. Positions (`at`, `to`) are cells as the game's API names them: `[row, column]` in
 * the Jutge games, `[x, y]` in Lighthouses.
 */
export type GameEvent = { type: string };

/**
 * A unit killed by a unit of another player: always beside the victim's `death`, which gives the
 * cause. A death by a unit of the victim's own player (friendly fire) has a `killer` but no kill.
 */
export type KillEvent = {
  type: "kill";
  /** The unit whose action killed (its player as it was when it acted). */
  killer: UnitRef;
  /** The unit killed (its player as it was before it died). */
  victim: UnitRef;
  /** Where the victim died. */
  at: [number, number];
};

/**
 * A unit died (or, in the games where units are never removed, was captured and put back
 * elsewhere). Every unit that leaves the board, or is taken off it and put back somewhere else,
 * has exactly one death in that step.
 */
export type DeathEvent<Cause extends string = string> = {
  type: "death";
  /** Its player before it died. */
  player: number;
  unit: number;
  /** Why, as the game's rules say (each game's own union: `poison`, `missile`, `starvation`, …). */
  cause: Cause;
  /** The unit whose action killed it, when one did (of any player; see `KillEvent`). */
  killer?: UnitRef;
  /** Where it died. */
  at: [number, number];
};

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * The events of the current step, as an engine records them while it resolves it. `begin` starts a
 * new step without touching the previous step's array (a consumer may keep it), and allocates
 * nothing for a step without events.
 */
export class EventLog<E extends GameEvent> {
  private current: E[] = [];

  /** Starts a step: the events recorded from now on are the new step's. */
  begin(): void {
    if (this.current.length > 0) this.current = [];
  }

  /** Records one event of the current step. */
  add(event: E): void {
    this.current.push(event);
  }

  /** The events of the last step, in the order the rules applied them (never changed later). */
  list(): readonly E[] {
    return this.current.length === 0 ? (NO_EVENTS as readonly E[]) : this.current;
  }
}

/**
 * Records the death of `victim` for `cause`, preceded by a kill when `killer` is of another player.
 * `log` is the game's own log, whose event union includes `KillEvent` and `DeathEvent<Cause>`.
 */
export function addKillAndDeath<Cause extends string>(
  log: { add(event: KillEvent | DeathEvent<Cause>): void },
  victim: UnitRef,
  cause: Cause,
  at: [number, number],
  killer?: UnitRef,
): void {
  if (killer !== undefined && killer.player !== victim.player)
    log.add({ type: "kill", killer, victim, at } satisfies KillEvent);
  const death: DeathEvent<Cause> = {
    type: "death",
    player: victim.player,
    unit: victim.unit,
    cause,
    at,
  };
  if (killer !== undefined) death.killer = killer;
  log.add(death);
}
