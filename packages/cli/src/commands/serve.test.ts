import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bin, hasBin } from "../test-bin";
import { runCli } from "../test-io";

describe("arena serve", () => {
  it("refuses bad flags with one line and exit code 2", async () => {
    const port = await runCli(["serve", "--port", "70000"], tmpdir());
    expect(port.code).toBe(2);
    expect(port.err.trim().split("\n")).toHaveLength(1);
    expect(port.err).toMatch(/--port needs 0 to 65535/);
  });

  it.skipIf(!hasBin)(
    "serves the pages and the API, prints the organiser's token once, stops on SIGTERM",
    async () => {
      const data = mkdtempSync(join(tmpdir(), "arena-cli-serve-"));
      try {
        const start = async () => {
          const child = spawn(
            process.execPath,
            [bin, "serve", "--port", "0", "--data", data, "--jobs", "1"],
            {
              stdio: ["ignore", "pipe", "pipe"],
            },
          );
          let out = "";
          let err = "";
          child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
          const url = await new Promise<string>((resolve, reject) => {
            child.stdout!.on("data", (chunk: Buffer) => {
              out += chunk.toString();
              if (out.includes("\n")) resolve(out.trim());
            });
            child.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
          });
          return { child, url, err: () => err };
        };
        const first = await start();
        expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const document = (await (await fetch(`${first.url}/api/openapi.json`)).json()) as {
          paths: object;
        };
        expect(Object.keys(document.paths)).toContain("/api/contests/{id}/standings");
        expect((await fetch(`${first.url}/`)).headers.get("content-type")).toMatch(/text\/html/);
        const token = /organiser's token[^:]*: (\S+)/.exec(first.err())?.[1];
        expect(token).toBeDefined();
        const created = await fetch(`${first.url}/api/contests`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "Club", game: "lighthouses", format: "ladder" }),
        });
        expect(created.status).toBe(200);
        const exited = new Promise<number | null>((resolve) => first.child.once("exit", resolve));
        first.child.kill("SIGTERM");
        expect(await exited).toBe(0);
        // The second start keeps the token (not printed again) and the contest.
        const second = await start();
        expect(second.err()).not.toMatch(/organiser's token/);
        const contests = (await (await fetch(`${second.url}/api/contests`)).json()) as {
          contests: Array<{ name: string }>;
        };
        expect(contests.contests.map((c) => c.name)).toEqual(["Club"]);
        const again = new Promise<number | null>((resolve) => second.child.once("exit", resolve));
        second.child.kill("SIGTERM");
        expect(await again).toBe(0);
      } finally {
        rmSync(data, { recursive: true, force: true });
      }
    },
  );
});
