import {
  ArenaError,
  type Engine,
  type Json,
  ownMatch,
  type ResRecorder,
  textRecorder,
} from "@arena/core";
import { DemoBot, NullBot } from "./bots";
import { defaultConfig, type MadMaxConfig, parseConfig } from "./config";
import { cppKit } from "./cpp-kit";
import type { MadMaxEvent } from "./events";
import { MadMaxMatch } from "./match";
import { parseOrder, readTrace } from "./orders";
import { settingsFrom } from "./protocol";
import type { MadMaxOrder } from "./state";
import type { MadMaxActions, MadMaxView } from "./view";

const asMatch = (match: unknown): MadMaxMatch => ownMatch(match, MadMaxMatch, "Mad Max");

/** The Mad Max engine (2018, final engine with the December 2018 fix). */
export const engine: Engine<MadMaxConfig, MadMaxOrder, MadMaxView, MadMaxActions, MadMaxEvent> = {
  name: "madmax",
  title: "Mad Max",
  version: "1.0.0",
  module: "@arena/madmax",
  players: { min: 4, max: 4, default: 4 },
  defaultConfig,
  parseConfig,
  create(config, seed, numPlayers) {
    if (numPlayers !== config.params.nb_players)
      throw new ArenaError(
        "BAD_PLAYERS",
        `Mad Max is played by ${config.params.nb_players} players, got ${numPlayers}`,
      );
    return new MadMaxMatch(config, seed);
  },
  restore: (snapshot: Json) => MadMaxMatch.restore(snapshot),
  parseOrder,
  settingsJson: (match) => settingsFrom(asMatch(match).config.params),
  cpp: cppKit,
  bots: { Null: () => new NullBot(), Demo: () => new DemoBot() },
  res(match, names, sink): ResRecorder {
    const m = asMatch(match);
    return textRecorder(
      () => m.resPreamble(names) + m.resState(),
      () => m.resMoves() + m.resState(),
      sink,
    );
  },
  readTrace,
};
