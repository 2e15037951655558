// module-state-bot.mjs in TypeScript (run from a transpiled entry and bundle).
let turns = 0;

export default class ModuleStateBot {
  play(_view: unknown, actions: { add(unit: number, k: number): void }): void {
    turns++;
    actions.add(0, Math.min(turns, 9));
  }
}
