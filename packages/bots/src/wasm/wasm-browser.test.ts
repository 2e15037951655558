// A C++ player compiled to WebAssembly plays in a real browser's page (Debian's Chromium headless
// shell): the page bundles @arena/bots/wasm with a game (Money Heist, from its source), takes the
// module the compile cache made, and plays the match it plays in Node, to the same .res byte for
// byte. No native process plays it: the viewer's page and the contest server can.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Controller, inProcessBot, runMatch } from "@arena/core";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { engine } from "../../../moneyheist/src/index";
import { buildCppPlayer } from "../cpp/compile";
import { wasmBot } from "./wasm-bot";
import { wasmToolchain, wasmToolchainAvailable } from "./wasm-toolchain";

/** The browser, as the cli's viewer tests find it. */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"].find(existsSync) ??
  "/usr/bin/chromium";
const haveChromium = existsSync(chromiumPath);
if (!haveChromium)
  console.warn(`WebAssembly players in a browser: skipped, no Chromium at ${chromiumPath}`);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const greedy = here("../../../moneyheist/src/__fixtures__/cpp/AIGreedy.cc");

/** The page's script: wasm-page.ts with the packages it imports, from their sources, for a browser. */
async function pageScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [here("../__fixtures__/wasm-page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    // The browser-safe part of core: the engines' and the controllers' (no runner, no files).
    alias: { "@arena/core": here("../../../core/src/browser.ts") },
    // The games name their kit's folder from their module's URL (Node's business, not the page's).
    define: { "import.meta.url": JSON.stringify("https://arena.invalid/page.js") },
    logLevel: "silent",
  });
  return bundled.outputFiles[0]!.text;
}

describe.skipIf(!haveChromium || !wasmToolchainAvailable())(
  "C++ players as WebAssembly in a browser",
  { timeout: 300_000 },
  () => {
    it("a student-style player plays in a page the match it plays in Node, .res byte for byte", async () => {
      const seats = ["wasm", "Demo", "wasm", "Null"];
      const seed = 4;
      // In Node, as `arena play --cpp wasm` plays it.
      const players: Array<{ name: string; controller: Controller }> = [];
      for (const seat of seats) {
        if (seat === "wasm") {
          const controller = await wasmBot(engine, greedy);
          players.push({ name: controller.botName(), controller });
        } else players.push({ name: seat, controller: inProcessBot(engine.bots[seat]!, seat) });
      }
      const inNode = await runMatch(engine, {
        config: engine.defaultConfig(),
        seed,
        players,
        res: true,
      });
      expect(inNode.players.map((p) => p.fault).filter(Boolean)).toEqual([]);
      // The module the cache holds, handed to the page as it would be downloaded.
      const compiled = await buildCppPlayer(await wasmToolchain(), engine.cpp!, greedy);
      const bytes = [...readFileSync(compiled.binary)];
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--no-first-run",
          "--disable-background-networking",
        ],
      });
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await page.setContent(`<!doctype html><script>${await pageScript()}</script>`);
        const inPage = await page.evaluate(
          ([moduleBytes, name, order, matchSeed]) =>
            (
              globalThis as unknown as {
                playInPage(b: Uint8Array, n: string, s: string[], seed: number): unknown;
              }
            ).playInPage(new Uint8Array(moduleBytes), name, order, matchSeed),
          [bytes, compiled.name, seats, seed] as const,
        );
        expect(errors).toEqual([]);
        const { res, scores, instructions } = inPage as {
          res: string;
          scores: number[];
          instructions: Array<number | null>;
        };
        expect(scores).toEqual(inNode.scores);
        expect(res).toBe(inNode.res);
        // Deterministic by construction: the same instructions in the page as in Node.
        expect(instructions).toEqual(inNode.players.map((p) => p.instructions ?? null));
      } finally {
        await browser.close();
      }
    });
  },
);
