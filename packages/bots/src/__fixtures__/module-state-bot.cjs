// module-state-bot.mjs as a CommonJS module (require keys its cache by file name, not URL).
let turns = 0;

module.exports = class ModuleStateBot {
  play(_view, actions) {
    turns++;
    actions.add(0, Math.min(turns, 9));
  }
};
