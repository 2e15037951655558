// The kit's number reader (arena-io.hh's `Tokens::real`, the players' statuses in every state
// frame): its fast path must give strtod's double bit for bit, and leave the reader after the
// token. A real g++ program reads the tokens and compares them with strtod.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compiler, hasCompiler } from "../__fixtures__/helpers";
import { cppSharedDirectory } from "./compile";

const scratch = mkdtempSync(join(tmpdir(), "arena-tokens-real-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each line: a token and a word after it; prints the mismatches and the words read after. */
const PROGRAM = `#include "arena-io.hh"
#include <cstring>
int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    arena::Tokens t(line);
    double fast = t.real();
    std::string after = t.word();
    std::string token = line.substr(0, line.find(' '));
    double slow = strtod(token.c_str(), nullptr);
    if (std::memcmp(&fast, &slow, sizeof fast) != 0 or after != "next")
      printf("%s: %.17g, strtod %.17g, then '%s'\\n", token.c_str(), fast, slow, after.c_str());
  }
  printf("done\\n");
}
`;

/** Tokens: the edges of the fast path, and doubles as JavaScript writes them (the kits do). */
function tokens(): string[] {
  const edges = [
    "0",
    "-0",
    "+0",
    "+1",
    "-1",
    "1.",
    ".5",
    "-.5",
    "5.000",
    "0.30000000000000004",
    "9007199254740992",
    "9007199254740993",
    "9007199254740991.5",
    "1234567890123456789",
    "12345678901234567890",
    "0.0000000000000000000000123",
    "1e22",
    "1e23",
    "1e-22",
    "1e-23",
    "123e-20",
    "4.9e-324",
    "1.7976931348623157e308",
    "1e",
    "1e+",
    "1e-",
    "1.5x",
    "-",
    ".",
    "e5",
    "1e99999",
    "1e0005",
    "nan",
    "inf",
    "-inf",
    "0x1p3",
    "1,5",
    "00000000000000000000001.5",
    "0.1",
    "0.2",
    "0.3",
    "2.5e-7",
    "1/3",
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const generated: string[] = [];
  for (let k = 0; k < 20_000; k++) {
    const scale = 10 ** Math.floor(random() * 40 - 20);
    generated.push(String((random() - 0.5) * scale));
    generated.push(String(Math.round(random() * 10 ** (1 + (k % 8))) / 10 ** (k % 9)));
  }
  return [...edges, ...generated];
}

describe.skipIf(!hasCompiler)("Tokens::real", () => {
  it("reads every token as strtod does, bit for bit, and goes on after it", () => {
    const source = join(scratch, "real.cc");
    const binary = join(scratch, "real");
    writeFileSync(source, PROGRAM);
    const build = spawnSync(
      compiler,
      ["-std=c++17", "-O2", "-I", cppSharedDirectory(), source, "-o", binary],
      { encoding: "utf8" },
    );
    expect(build.stderr).toBe("");
    const input = tokens()
      .map((token) => `${token} next\n`)
      .join("");
    const run = spawnSync(binary, [], { input, encoding: "utf8", timeout: 60_000 });
    expect(run.stdout).toBe("done\n");
  });
});
