import type { CliIo } from "./io";
import { main } from "./main";

/** Runs the cli in-process with captured output (for tests). */
export async function runCli(
  argv: readonly string[],
  cwd: string,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    interactive: false,
    cwd,
  };
  const code = await main(argv, io);
  return { code, out, err };
}
