import { dragonball } from "./games/dragonball";
import { lighthouses } from "./games/lighthouses";
import { madmax } from "./games/madmax";
import { madmaxRevisited } from "./games/madmax-revisited";
import { moneyheist } from "./games/moneyheist";
import type { GameView } from "./types";

/** Every game the viewer shows. A new game package adds its view here. */
export const GAMES: GameView[] = [
  moneyheist as GameView,
  madmax as GameView,
  madmaxRevisited as GameView,
  dragonball as GameView,
  lighthouses as GameView,
];
