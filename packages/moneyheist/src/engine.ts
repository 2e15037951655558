import {
  ArenaError,
  type Engine,
  type Json,
  ownMatch,
  type ResRecorder,
  textRecorder,
} from "@arena/core";
import { DemoBot, NullBot } from "./bots";
import { checkConfig, defaultConfig, type MoneyHeistConfig, parseConfig } from "./config";
import { cppKit } from "./cpp-kit";
import type { MoneyHeistEvent } from "./events";
import { MoneyHeistMatch } from "./match";
import { type MoneyHeistOrder, parseOrder, readTrace } from "./orders";
import type { MoneyHeistActions, MoneyHeistView } from "./view";

const asMatch = (match: unknown): MoneyHeistMatch =>
  ownMatch(match, MoneyHeistMatch, "Money Heist");

/** The Money Heist engine: exact to the original (Jutge P94958, 2025). */
export const engine: Engine<
  MoneyHeistConfig,
  MoneyHeistOrder,
  MoneyHeistView,
  MoneyHeistActions,
  MoneyHeistEvent
> = {
  name: "moneyheist",
  title: "Money Heist",
  version: "1.0.1",
  module: "@arena/moneyheist",
  players: { min: 4, max: 4, default: 4 },
  defaultConfig,
  parseConfig,
  create(config, seed, numPlayers) {
    if (numPlayers !== config.numPlayers)
      throw new ArenaError(
        "BAD_PLAYERS",
        `Money Heist is played by ${config.numPlayers} players, got ${numPlayers}`,
      );
    return new MoneyHeistMatch(checkConfig({ ...config }), seed);
  },
  restore: (snapshot: Json) => MoneyHeistMatch.restore(snapshot),
  parseOrder,
  settingsJson: (match) => ({ ...asMatch(match).config }),
  cpp: cppKit,
  bots: { Null: () => new NullBot(), Demo: () => new DemoBot() },
  res(match, names, sink): ResRecorder {
    const m = asMatch(match);
    return textRecorder(
      () => m.resPreamble(names) + m.resState(),
      () => m.resCommands() + m.resState(),
      sink,
    );
  },
  readTrace,
};
