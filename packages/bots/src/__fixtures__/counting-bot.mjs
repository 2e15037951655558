// A bot module as a user would write it: a named export `bot`, a factory keeping a field between rounds.
export function bot() {
  let calls = 0;
  return {
    play(view, actions) {
      calls++;
      // Adds the number of calls so far (capped at 9): 1 + 2 + … proves the field persists.
      actions.add(0, Math.min(calls, 9));
    },
  };
}
