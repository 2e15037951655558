// A CommonJS bot module exporting a class as module.exports.
module.exports = class DefaultClassBot {
  play(view, actions) {
    actions.add(1, 5);
  }
};
