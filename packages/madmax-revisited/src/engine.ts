import {
  ArenaError,
  type Engine,
  type Json,
  ownMatch,
  type ResRecorder,
  textRecorder,
} from "@arena/core";
import { DemoBot, NullBot } from "./bots";
import { type MadMaxRevisitedConfig, parseConfig } from "./config";
import { cppKit } from "./cpp-kit";
import { defaultConfig } from "./default-maze";
import type { MadMaxRevisitedEvent } from "./events";
import { MadMaxRevisitedMatch } from "./match";
import { parseOrder, readTrace } from "./orders";
import { settingsFrom } from "./protocol";
import type { MadMaxRevisitedOrder } from "./state";
import type { MadMaxRevisitedActions, MadMaxRevisitedView } from "./view";

const asMatch = (match: unknown): MadMaxRevisitedMatch =>
  ownMatch(match, MadMaxRevisitedMatch, "Mad Max Revisited");

/** The Mad Max Revisited engine: exact to the original (Joc d'EDA 2023, engine "MadMax2020"). */
export const engine: Engine<
  MadMaxRevisitedConfig,
  MadMaxRevisitedOrder,
  MadMaxRevisitedView,
  MadMaxRevisitedActions,
  MadMaxRevisitedEvent
> = {
  name: "madmax-revisited",
  title: "Mad Max Revisited",
  version: "1.0.0",
  module: "@arena/madmax-revisited",
  players: { min: 4, max: 4, default: 4 },
  defaultConfig: () => defaultConfig(),
  parseConfig: (text, source) => parseConfig(text, source),
  create(config, seed, numPlayers) {
    if (numPlayers !== config.params.nb_players)
      throw new ArenaError(
        "BAD_PLAYERS",
        `Mad Max Revisited is played by ${config.params.nb_players} players, got ${numPlayers}`,
      );
    return new MadMaxRevisitedMatch(config, seed);
  },
  restore: (snapshot: Json) => MadMaxRevisitedMatch.restore(snapshot),
  parseOrder,
  settingsJson: (match) => settingsFrom(asMatch(match).config.params),
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
