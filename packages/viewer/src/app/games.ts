import { moneyheist } from "./games/moneyheist";
import type { GameView } from "./types";

/** Every game the viewer shows. A new game package adds its view here. */
export const GAMES: GameView[] = [moneyheist as GameView];
