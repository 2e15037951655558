import { addKillAndDeath, type EventLog, type OrderFeedback } from "@arena/core";
import type { MoneyHeistEvent } from "./events";
import type { MoneyHeistOrder } from "./orders";
import {
  DIRECTION_LETTERS,
  HEALTH_KIT,
  type MoneyHeistState,
  NO_KIT,
  POISON_KIT,
  PROFESSOR,
  placeMoney,
  SOLDIER,
} from "./state";

/**
 * Whether `solution` opens a safe with `hints`: same length, labels 0..size/3−1 each used three
 * times, and in each triple one value is the sum of the other two.
 */
export function validSolution(hints: ArrayLike<number>, solution: readonly number[]): boolean {
  const size = hints.length;
  if (solution.length !== size) return false;
  const groups = size / 3;
  const members: number[][] = Array.from({ length: groups }, () => []);
  for (let k = 0; k < size; k++) {
    const label = solution[k]!;
    if (!Number.isInteger(label) || label < 0 || label >= groups) return false;
    members[label]!.push(hints[k]!);
  }
  for (const group of members) {
    if (group.length !== 3) return false;
    const [a, b, c] = group as [number, number, number];
    if (a + b !== c && a + c !== b && b + c !== a) return false;
  }
  return true;
}

/** Per-round scratch, reused between rounds. */
export class RoundScratch {
  killedThisRound: Uint8Array;
  constructor(units: number) {
    this.killedThisRound = new Uint8Array(units);
  }
}

/**
 * Plays one round exactly as the original: collect, interleave, execute, regenerate, score. The
 * orders the rules ignore are recorded in `feedback` (with why), and what the rules did in
 * `events`, which change nothing else.
 * Long: the original's phases in its order in one function, each a block, as engine-notes.md has them.
 */
export function playRound(
  state: MoneyHeistState,
  orders: ReadonlyArray<readonly MoneyHeistOrder[]>,
  scratch: RoundScratch,
  feedback?: OrderFeedback,
  events?: EventLog<MoneyHeistEvent>,
): void {
  const { config, rng } = state;
  const n = config.numPlayers;
  // 1. Collect: drop unknown ids, foreign units and repeated units (first order wins).
  const queues: MoneyHeistOrder[][] = [];
  const seen = new Set<number>();
  let total = 0;
  for (let p = 0; p < n; p++) {
    const queue: MoneyHeistOrder[] = [];
    const list = orders[p] ?? [];
    for (let k = 0; k < list.length; k++) {
      const order = list[k]!;
      const id = order.unit;
      if (!(id >= 0 && id < state.numUnits) || state.unitPlayer[id] !== p || seen.has(id)) {
        if (feedback !== undefined) rejectAtCollect(state, feedback, p, k, id, seen);
        continue;
      }
      seen.add(id);
      queue.push(order);
    }
    total += queue.length;
    queues.push(queue);
  }
  const killed = scratch.killedThisRound;
  killed.fill(0);
  const moneyGained = new Int32Array(n);
  const soldierKills: number[][] = Array.from({ length: n }, () => []);
  const professorKills = new Int32Array(n);
  // Safes opened this round, per team in that team's opening order (the end of round follows it).
  const opened: number[][] = Array.from({ length: n }, () => []);
  let moneyTaken = 0;
  let healthTaken = 0;
  let poisonTaken = 0;
  const log: string[] = [];
  // 2. Interleave: k = random(1, q) over the players with commands left, in id order.
  const next = new Int32Array(n);
  for (let remaining = total; remaining > 0; remaining--) {
    let q = 0;
    for (let p = 0; p < n; p++) if (next[p]! < queues[p]!.length) q++;
    let k = rng.random(1, q);
    let player = 0;
    for (let p = 0; p < n; p++) {
      if (next[p]! < queues[p]!.length && --k === 0) {
        player = p;
        break;
      }
    }
    const order = queues[player]![next[player]!++]!;
    // Records why this order is ignored (only when asked: nothing else changes).
    const reject =
      feedback === undefined
        ? undefined
        : (reason: string, message: string) =>
            feedback.reject(player, orders[player]!.indexOf(order), reason, message);
    // 3. Execute.
    const id = order.unit;
    if (killed[id] === 1) {
      reject?.("dead-unit", `unit ${id} was killed earlier in this round`);
      continue;
    }
    const pos = state.unitPos[id]!;
    const isProfessor = state.unitType[id] === PROFESSOR;
    if ((isProfessor && state.unitRebirth[id]! > 0) || pos < 0) {
      reject?.("dead-unit", `professor ${id} is dead (reborn in ${state.unitRebirth[id]} rounds)`);
      continue;
    }
    switch (order.kind) {
      case "move": {
        const dir = DIRECTION_LETTERS.indexOf(order.dir);
        const target = dir < 0 ? -1 : state.step(pos, dir);
        if (target < 0 || state.wall[target] === 1 || state.door[target]! >= 0) {
          reject?.(
            "illegal-move",
            `unit ${id} cannot move '${order.dir}': ${target < 0 ? "off the board" : state.wall[target] === 1 ? "a wall" : "a safe's door"}`,
          );
          break;
        }
        const other = state.unitAt[target]!;
        if (other >= 0) {
          if (isProfessor) {
            reject?.("illegal-move", `professor ${id} cannot move onto unit ${other}`);
            break;
          }
          const victimTeam = state.unitPlayer[other]!;
          if (victimTeam === player || state.unitPoison[id]! <= 0) {
            reject?.(
              "illegal-move",
              victimTeam === player
                ? `soldier ${id} cannot attack unit ${other} of its own team`
                : `soldier ${id} has no poison to attack unit ${other}`,
            );
            break;
          }
          state.unitPoison[id]!--;
          if (state.unitType[other] === SOLDIER) {
            state.removeUnit(other);
            killed[other] = 1;
            soldierKills[player]!.push(other);
            if (events !== undefined) recordAttack(state, events, id, player, other, target, 0);
          } else {
            const health = Math.max(0, state.unitHealth[other]! - config.professorHealthDecrease);
            state.unitHealth[other] = health;
            if (health === 0) {
              // A dead professor leaves the grid but keeps its last position in the replay.
              state.removeUnit(other, false);
              state.unitRebirth[other] = config.professorRoundsRebirth + 1;
              killed[other] = 1;
              professorKills[player]!++;
            }
            if (events !== undefined)
              recordAttack(state, events, id, player, other, target, health);
          }
          log.push(`${id}\tm\t${order.dir}\t\n`);
          break;
        }
        const kit = state.kit[target]!;
        if (kit === HEALTH_KIT) {
          state.potHealth[player]! += config.healthKitValue;
          state.setKit(target, NO_KIT);
          healthTaken++;
          events?.add(pickup(player, id, cellOf(state, target), "health", config.healthKitValue));
        } else if (kit === POISON_KIT) {
          state.potPoison[player]! += config.poisonKitValue;
          state.setKit(target, NO_KIT);
          poisonTaken++;
          events?.add(pickup(player, id, cellOf(state, target), "poison", config.poisonKitValue));
        } else if (state.money[target]! > 0) {
          const amount = state.money[target]!;
          moneyGained[player]! += amount;
          state.setMoney(target, 0);
          moneyTaken++;
          events?.add(pickup(player, id, cellOf(state, target), "money", amount));
        }
        state.removeUnit(id);
        state.placeUnit(id, target);
        log.push(`${id}\tm\t${order.dir}\t\n`);
        break;
      }
      case "open": {
        if (!isProfessor) {
          reject?.("illegal-move", `unit ${id} is a soldier: only professors open safes`);
          break;
        }
        const dir = DIRECTION_LETTERS.indexOf(order.dir);
        const target = dir < 0 ? -1 : state.step(pos, dir);
        const safe = target < 0 ? -1 : state.door[target]!;
        if (safe < 0) {
          reject?.(
            "illegal-move",
            `professor ${id} has no safe's door next to it at '${order.dir}'`,
          );
          break;
        }
        if (!validSolution(state.hints[safe]!, order.solution)) {
          reject?.("wrong-key", `the solution does not open safe ${safe}`);
          break;
        }
        opened[player]!.push(safe);
        events?.add({ type: "open", player, unit: id, safe, at: cellOf(state, target) });
        let values = "";
        for (const v of order.solution) values += ` ${v}`;
        log.push(`${id}\to\t${order.dir}\t${order.solution.length}\t${values}\n`);
        break;
      }
      case "charge": {
        if (isProfessor) {
          reject?.("illegal-move", `unit ${id} is a professor: only soldiers charge poison`);
          break;
        }
        const amount = Math.min(
          config.soldierMaxPoisons - state.unitPoison[id]!,
          state.potPoison[player]!,
        );
        state.unitPoison[id]! += amount;
        state.potPoison[player]! -= amount;
        log.push(`${id}\tc\t\n`);
        break;
      }
      case "heal": {
        if (!isProfessor) {
          reject?.("illegal-move", `unit ${id} is a soldier: only professors heal`);
          break;
        }
        const amount = Math.min(
          config.professorMaxHealth - state.unitHealth[id]!,
          state.potHealth[player]!,
        );
        state.unitHealth[id]! += amount;
        state.potHealth[player]! -= amount;
        log.push(`${id}\th\t\n`);
        break;
      }
    }
  }
  state.lastCommands = log;

  // 4. End of round, in the original's order.
  for (let p = 0; p < n; p++) {
    const rebirth = state.unitRebirth[p]!;
    if (rebirth > 1) state.unitRebirth[p] = rebirth - 1;
    else if (rebirth === 1) {
      const cell = state.randomRegeneratePosition();
      state.placeUnit(p, cell);
      state.unitHealth[p] = config.professorMaxHealth;
      state.unitRebirth[p] = 0;
      events?.add({ type: "respawn", player: p, unit: p, at: cellOf(state, cell) });
    }
  }
  for (let team = 0; team < n; team++) {
    for (const victim of soldierKills[team]!) {
      const cell = state.randomRegeneratePosition();
      // 70 % the killer's team, 10 % each team (the victim's included).
      const owner = state.rng.random(0, 9);
      const before = state.unitPlayer[victim]!;
      const after = owner < n ? owner : team;
      state.unitPlayer[victim] = after;
      state.unitPoison[victim] = config.initialSoldiersPoisons;
      state.placeUnit(victim, cell);
      if (events !== undefined) recordRespawn(state, events, victim, before, after, cell);
    }
  }
  for (let k = 0; k < moneyTaken; k++) placeMoney(state);
  for (let k = 0; k < healthTaken; k++) state.setKit(state.randomRegeneratePosition(), HEALTH_KIT);
  for (let k = 0; k < poisonTaken; k++) state.setKit(state.randomRegeneratePosition(), POISON_KIT);
  replaceOpenedSafes(state, opened);
  for (let p = 0; p < n; p++) {
    state.score[p]! +=
      moneyGained[p]! +
      config.pointsForKillingSoldier * soldierKills[p]!.length +
      config.pointsForKillingProfessor * professorKills[p]! +
      config.goldValue * opened[p]!.length;
  }
  state.round++;
}

/**
 * End of round, opened safes: every opened safe is erased (its 3×3 square becomes corridor), then
 * each is re-placed at a new gold position with a new door and the same hints. Both passes go team
 * by team, 0..3, and within a team in the order that team opened them (`openedByTeam[team]`) — the
 * original's order, not the interleaved execution order nor safe ids. The original keeps the hints
 * (the statement says a new key). A safe listed twice is handled once, at its first place.
 */
export function replaceOpenedSafes(
  state: MoneyHeistState,
  openedByTeam: ReadonlyArray<readonly number[]>,
): void {
  const safes: number[] = [];
  for (const list of openedByTeam)
    for (const safe of list) if (!safes.includes(safe)) safes.push(safe);
  for (const safe of safes) state.eraseSafe(safe);
  for (const safe of safes) state.placeSafe(safe);
}

/**
 * A cell as `[row, column]` (a module function: a closure in `playRound` would move `state` into
 * a context and slow the whole round).
 */
function cellOf(state: MoneyHeistState, cell: number): [number, number] {
  return [Math.floor(cell / state.cols), cell % state.cols];
}

/**
 * Soldier `id` of `player` poisoned unit `other` at `target`, left with `health` (a soldier: 0):
 * a kill and a death at 0, else a hit.
 */
function recordAttack(
  state: MoneyHeistState,
  events: EventLog<MoneyHeistEvent>,
  id: number,
  player: number,
  other: number,
  target: number,
  health: number,
): void {
  const attacker = { player, unit: id };
  const victim = { player: state.unitPlayer[other]!, unit: other };
  const at = cellOf(state, target);
  if (health === 0) addKillAndDeath(events, victim, "poison", at, attacker);
  else events.add({ type: "hit", attacker, victim, at, health });
}

/** Killed soldier `victim` is back at `cell`, for team `after` (`before` its team until then). */
function recordRespawn(
  state: MoneyHeistState,
  events: EventLog<MoneyHeistEvent>,
  victim: number,
  before: number,
  after: number,
  cell: number,
): void {
  const at = cellOf(state, cell);
  events.add({ type: "respawn", player: after, unit: victim, at });
  if (after !== before)
    events.add({ type: "conversion", unit: victim, from: before, to: after, at });
}

function pickup(
  player: number,
  unit: number,
  at: [number, number],
  item: "money" | "health" | "poison",
  amount: number,
): MoneyHeistEvent {
  return { type: "pickup", player, unit, at, item, amount };
}

/** Why the collect phase drops an order: an unknown unit, another player's, or a repeated one. */
function rejectAtCollect(
  state: MoneyHeistState,
  feedback: OrderFeedback,
  player: number,
  index: number,
  id: number,
  seen: ReadonlySet<number>,
): void {
  if (!(id >= 0 && id < state.numUnits))
    feedback.reject(
      player,
      index,
      "unknown-unit",
      `no unit ${id} (units are 0..${state.numUnits - 1})`,
    );
  else if (state.unitPlayer[id] !== player)
    feedback.reject(player, index, "not-yours", `unit ${id} is player ${state.unitPlayer[id]}'s`);
  else if (seen.has(id))
    feedback.reject(player, index, "duplicate", `unit ${id} already has an order this round`);
}
