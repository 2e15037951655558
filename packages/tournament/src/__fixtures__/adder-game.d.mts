/** The counter game with the built-in bots `add1`…`add9` and `crash` (see adder-game.mjs). */
export declare const engine: unknown;
