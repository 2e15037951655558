import { resolve } from "node:path";
import {
  type AnyEngine,
  ArenaError,
  decodeReplay,
  type Replay,
  type VerifyResult,
  verifyReplay,
} from "@arena/core";
import { type ParsedArgs, stringFlag } from "../args";
import type { Command } from "../command";
import { inFile } from "../errors";
import { checkRegularOutput, readInputBytes, writeOutputFile } from "../files";
import { escapeControl, safeJson, table } from "../format";
import { loadGame } from "../games";
import type { CliIo } from "../io";
import { type EventJson, replayResultJson } from "../result";

/** `arena replay`: re-simulates a replay and prints its result. */
export const replayCommand: Command = {
  name: "replay",
  usage: "<file> [options]",
  description: `Reads an arena replay, re-simulates it with the game's engine and checks every
state digest, then prints the players and the final scores.`,
  flags: [
    { name: "scores", type: "boolean", help: "also print the scores after every round" },
    {
      name: "export",
      type: "string",
      value: "res",
      help: "write the original engine's .res replay (to --out, or stdout)",
    },
    { name: "out", type: "string", value: "FILE", help: "where --export writes" },
    { name: "json", type: "boolean", help: "print the result as JSON" },
    {
      name: "events",
      type: "boolean",
      help: "with --json: also every event the rules reported (kills, deaths and their causes, captures…), each with its step and round",
    },
  ],
  minPositionals: 1,
  run: (args, io) => replay(args, io),
};

/** `arena replay`: returns the process exit code. */
export async function replay(args: ParsedArgs, io: CliIo): Promise<number> {
  const { file, exportRes, outPath } = replayFlags(args, io);
  const wantEvents = args.flags.has("events");
  if (wantEvents && !args.flags.has("json")) {
    throw new ArenaError("BAD_FLAG", "--events goes with --json");
  }
  const recorded = decodeReplay(readInputBytes(resolve(io.cwd, file), "replay file", file), file);
  const { header } = recorded;
  if (!header.players.every((name) => typeof name === "string")) {
    throw new ArenaError("BAD_REPLAY", "corrupt replay header (a player name is not text)", {
      file,
    });
  }
  const engine = await loadGame(header.game, file);
  if (exportRes && engine.res === undefined) {
    throw new ArenaError("BAD_FLAG", `${engine.name} has no .res format`);
  }
  const { verified, roundAfterStep, events } = verify(
    engine,
    recorded,
    file,
    exportRes,
    wantEvents,
  );
  if (exportRes) {
    const text = verified.res ?? "";
    if (outPath === undefined) {
      io.out(text);
      return 0;
    }
    writeOutputFile(resolve(io.cwd, outPath), text, ".res");
  }
  const outcome = playerOutcomes(recorded, roundAfterStep);
  if (args.flags.has("json")) {
    const result = replayResultJson(
      {
        game: header.game,
        engineVersion: header.engineVersion,
        seed: header.seed,
        names: header.players,
        rounds: verified.rounds,
        steps: verified.steps,
        scores: verified.finalScores,
        ranking: verified.ranking,
        ...outcome,
        unverified: verified.unverified,
        ...(args.flags.has("scores") ? { scoresByRound: verified.scoresByRound } : {}),
        ...(wantEvents ? { events } : {}),
      },
      { replay: file, res: outPath },
    );
    io.out(`${safeJson(result)}\n`);
    return 0;
  }
  const lines = describeReplay(engine, recorded, verified, outcome, args.flags.has("scores"));
  if (outPath !== undefined) lines.push(`res: ${outPath}`);
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** The file and the export flags, checked before the file is read. */
function replayFlags(
  args: ParsedArgs,
  io: CliIo,
): { file: string; exportRes: boolean; outPath: string | undefined } {
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new ArenaError("BAD_FLAG", "'arena replay' needs a file");
  if (extra.length > 0) {
    throw new ArenaError("BAD_FLAG", `'arena replay' takes one file, got also: ${extra.join(" ")}`);
  }
  const exportFormat = stringFlag(args, "export");
  if (exportFormat !== undefined && exportFormat !== "res") {
    throw new ArenaError("BAD_FLAG", `--export supports only 'res', got '${exportFormat}'`);
  }
  const outPath = stringFlag(args, "out");
  if (outPath !== undefined && exportFormat === undefined) {
    throw new ArenaError("BAD_FLAG", "--out goes with --export res");
  }
  // The exported .res is written beside the target and renamed: never over a device.
  if (outPath !== undefined) checkRegularOutput(resolve(io.cwd, outPath), outPath, "--out");
  return { file, exportRes: exportFormat === "res", outPath };
}

/**
 * Re-simulates the replay, checking every digest and the end record's scores; with `res`, also
 * records the original `.res`; with `withEvents`, every step's events (`Match.events()`) with
 * the round after the step and the step. `roundAfterStep[s]` is the round after step `s + 1`.
 */
function verify(
  engine: AnyEngine,
  recorded: Replay,
  file: string,
  res: boolean,
  withEvents = false,
): { verified: VerifyResult; roundAfterStep: number[]; events: EventJson[] } {
  const roundAfterStep: number[] = [];
  const events: EventJson[] = [];
  let verified: VerifyResult;
  try {
    verified = verifyReplay(engine, recorded, {
      res,
      onStep: ({ step, round, match }) => {
        roundAfterStep.push(round);
        if (withEvents)
          for (const event of match.events?.() ?? []) events.push({ round, step, ...event });
      },
    });
  } catch (error) {
    if (error instanceof ArenaError) throw inFile(error, file);
    // The header's config or the orders are data from the file: an engine that chokes on them
    // is given bad input, not a bug of the cli.
    throw new ArenaError(
      "BAD_REPLAY",
      `the replay's config or orders do not fit ${engine.title} ${engine.version}: ${(error as Error).message}`,
      { file },
    );
  }
  // The end record's scores must be the re-simulated ones (a forged or altered end record).
  const recordedScores = recorded.final?.scores;
  if (
    recordedScores !== undefined &&
    (recordedScores.length !== verified.finalScores.length ||
      recordedScores.some((score, p) => score !== verified.finalScores[p]))
  ) {
    throw new ArenaError(
      "REPLAY_MISMATCH",
      `the end record's final scores ${recordedScores.join(" ")} differ from the re-simulated ${verified.finalScores.join(" ")}`,
      { file },
    );
  }
  return { verified, roundAfterStep, events };
}

/** How each player ended: its fault, the round it was frozen at, and whether the match was stopped. */
interface PlayerOutcomes {
  faults: Array<string | null>;
  frozenAtRound: Array<number | undefined>;
  /** An end record with `over: false`: the match was stopped (a signal) and the replay ends there. */
  interrupted: boolean;
}

function playerOutcomes(recorded: Replay, roundAfterStep: readonly number[]): PlayerOutcomes {
  const { header } = recorded;
  const faults = header.players.map((_, p) => recorded.final?.faults?.[p] ?? null);
  const frozenAtRound = header.players.map((): number | undefined => undefined);
  for (const { step, player } of recorded.frozen) {
    if (frozenAtRound[player] === undefined) {
      frozenAtRound[player] = step === 0 ? 0 : (roundAfterStep[step - 1] ?? 0);
    }
  }
  return { faults, frozenAtRound, interrupted: recorded.final?.over === false };
}

/**
 * What the replay says of its players' instructions (WebAssembly players), verified against their
 * budgets and freezes by `verifyReplay`: each counting player's total and budget.
 */
function instructionLines(recorded: Replay): string[] {
  const { usage, header } = recorded;
  if (usage === undefined) return [];
  const totals = header.players.map((): number | undefined => undefined);
  for (const record of usage)
    record.instructions?.forEach((count, p) => {
      if (count !== null) totals[p] = (totals[p] ?? 0) + count;
    });
  const parts = totals.flatMap((total, p) => {
    if (total === undefined) return [];
    const limits = header.instructionLimits?.[p];
    const budget = [
      limits?.turn !== undefined ? `${limits.turn} a turn` : undefined,
      limits?.total !== undefined ? `${limits.total} a match` : undefined,
    ].filter(Boolean);
    return [
      `${escapeControl(header.players[p]!)} ${total}${budget.length > 0 ? ` (budget ${budget.join(", ")})` : ""}`,
    ];
  });
  return [`instructions: ${parts.join("; ")}; every count within its budget or frozen at it`];
}

/** The human summary: a header, the verification, the ranked table (and the scores by round). */
function describeReplay(
  engine: AnyEngine,
  recorded: Replay,
  verified: VerifyResult,
  { faults, frozenAtRound, interrupted }: PlayerOutcomes,
  scoresByRound: boolean,
): string[] {
  const { header } = recorded;
  const lines = [
    `${engine.title} · seed ${header.seed} · ${verified.rounds} rounds · engine ${escapeControl(header.engineVersion)}`,
    `verified: ${verified.steps} steps re-simulated, every state digest matches`,
    ...(verified.unverified.length > 0
      ? [
          `unverified: its ${verified.unverified.join(" and ")} (replay format ${header.format}; from format 3 a digest covers them)`,
        ]
      : []),
    ...instructionLines(recorded),
    ...(interrupted ? [`interrupted: the match was stopped at round ${verified.rounds}`] : []),
  ];
  const rows = [["rank", "p", "name", "score", ""]];
  const order = header.players.map((name, p) => ({ name, p }));
  order.sort((a, b) => verified.ranking[a.p]! - verified.ranking[b.p]! || a.p - b.p);
  for (const { name, p } of order) {
    const fault = faults[p] ?? null;
    const out = fault !== null || frozenAtRound[p] !== undefined;
    rows.push([
      String(verified.ranking[p]),
      String(p),
      escapeControl(name),
      String(verified.finalScores[p]),
      out
        ? `OUT${frozenAtRound[p] !== undefined ? ` at round ${frozenAtRound[p]}` : ""}${fault !== null ? `: ${escapeControl(fault)}` : ""}`
        : "",
    ]);
  }
  lines.push(table(rows, [true, true, false, true, false]));
  if (scoresByRound) {
    lines.push(
      "",
      table(
        [
          ["round", ...header.players.map((name) => escapeControl(name))],
          ...verified.scoresByRound.map((scores, r) => [String(r), ...scores.map(String)]),
        ],
        [true, ...header.players.map(() => true)],
      ),
    );
  }
  return lines;
}
