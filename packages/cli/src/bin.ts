#!/usr/bin/env node
// The `arena` executable. `arena --version` answers without loading anything else; every other
// command loads the cli, which loads only the command asked for (and only its game).
const argv = process.argv.slice(2);

if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "-V")) {
  const { version } = await import("./version");
  process.stdout.write(`${version}\n`);
} else {
  const [{ main }, { processIo }] = await Promise.all([import("./main"), import("./io")]);
  try {
    process.exitCode = await main(argv, processIo());
  } catch (error) {
    process.stderr.write(`arena: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  }
}

export {};
