import {
  ArenaError,
  type Engine,
  type Json,
  ownMatch,
  type ResRecorder,
  textRecorder,
} from "@arena/core";
import { DemoBot, NullBot } from "./bots";
import { type DragonBallConfig, parseConfig } from "./config";
import { cppKit } from "./cpp-kit";
import { defaultConfig } from "./default-map";
import type { DragonBallEvent } from "./events";
import { DragonBallMatch } from "./match";
import { parseOrder, readTrace } from "./orders";
import { settingsFrom } from "./protocol";
import type { DragonBallOrder } from "./state";
import type { DragonBallActions, DragonBallView } from "./view";

const asMatch = (match: unknown): DragonBallMatch =>
  ownMatch(match, DragonBallMatch, "Bola de Drac");

/** The Bola de Drac engine: the 2015 game, exact to the 2012 engine in every detail it shares. */
export const engine: Engine<
  DragonBallConfig,
  DragonBallOrder,
  DragonBallView,
  DragonBallActions,
  DragonBallEvent
> = {
  name: "dragonball",
  title: "Bola de Drac",
  version: "1.0.0",
  module: "@arena/dragonball",
  players: { min: 4, max: 4, default: 4 },
  defaultConfig: () => defaultConfig(),
  parseConfig: (text, source) => parseConfig(text, source),
  options: [
    {
      name: "variant",
      value: "2012|2015",
      description:
        "2015 plays nb_rounds rounds (the statement); 2012 plays nb_rounds − 1 (the 2012 engine)",
      apply(config, value) {
        if (value !== "2012" && value !== "2015")
          throw new ArenaError("BAD_FLAG", `--variant must be 2012 or 2015, got '${value}'`);
        return { ...config, variant: value };
      },
    },
  ],
  create(config, seed, numPlayers) {
    if (numPlayers !== config.params.nb_players)
      throw new ArenaError(
        "BAD_PLAYERS",
        `Bola de Drac is played by ${config.params.nb_players} players, got ${numPlayers}`,
      );
    return new DragonBallMatch(config, seed);
  },
  restore: (snapshot: Json) => DragonBallMatch.restore(snapshot),
  parseOrder,
  settingsJson: (match) => settingsFrom(asMatch(match).config),
  bots: { Null: () => new NullBot(), Demo: () => new DemoBot() },
  res(match, names, sink): ResRecorder {
    const m = asMatch(match);
    return textRecorder(
      () => m.resPreamble(names) + m.resState(),
      () => m.resActions() + m.resState(),
      sink,
    );
  },
  readTrace,
  cpp: cppKit,
};
