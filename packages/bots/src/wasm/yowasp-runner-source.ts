/**
 * The source of the Node process that runs one step of @yowasp/clang (run with `node -e`, as
 * CommonJS, so that it works the same from the ESM and CJS builds and from the sources under
 * test), in the compiler's box and under its limits. Its one argument is a JSON job: the path of
 * @yowasp/clang's bundle, the clang arguments, the file to make, the files from outside its
 * working folder to give it (the kit's objects, by name). LLVM (WebAssembly) sees only the
 * working folder's files and those, in a file tree in memory (its own WASI: no file of this
 * machine); its messages go to stderr as they come (blocking: the parent reads them); the file made is written to the working
 * folder. Exit code: clang's (1 when it made no such file).
 */
export const YOWASP_RUNNER_SOURCE = `
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const job = JSON.parse(process.argv[1]);
// Written at once, waiting while the pipe the parent reads is full (EAGAIN: it is non-blocking):
// process.stderr would queue them in memory and lose them at exit, and its deeper calls overflow
// the stack inside LLVM's deep recursions.
const pause = new Int32Array(new SharedArrayBuffer(4));
const say = (bytes) => {
  for (let at = 0; bytes !== null && at < bytes.length; ) {
    try {
      at += fs.writeSync(2, bytes, at);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
};
const tree = (dir) => {
  const out = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    out[entry.name] = entry.isDirectory() ? tree(file) : new Uint8Array(fs.readFileSync(file));
  }
  return out;
};
(async () => {
  const { runClang } = await import(pathToFileURL(job.bundle).href);
  const files = tree(".");
  for (const extra of job.extra) files[path.basename(extra)] = new Uint8Array(fs.readFileSync(extra));
  let made;
  try {
    made = await runClang(["clang++", ...job.args], files, {
      stdout: say,
      stderr: say,
      decodeASCII: false,
      fetchProgress: () => {},
    });
  } catch (error) {
    if (typeof error?.code === "number") process.exit(error.code || 1);
    throw error;
  }
  const output = made[job.output];
  if (!(output instanceof Uint8Array)) {
    say(Buffer.from("no " + job.output + " was made\\n"));
    process.exit(1);
  }
  fs.writeFileSync(job.output, output);
})().catch((error) => {
  say(Buffer.from(String(error && error.stack ? error.stack : error) + "\\n"));
  process.exit(1);
});
`;
