// A bot keeping its state at module level: the number of turns played by any bot of this
// module instance. Each turn adds that number (capped at 9) to unit 0, so the scores show
// whether a match started from 0 (a fresh module instance) or from where another match left it.
let turns = 0;

export default class ModuleStateBot {
  play(_view, actions) {
    turns++;
    actions.add(0, Math.min(turns, 9));
  }
}
