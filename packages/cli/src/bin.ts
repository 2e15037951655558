#!/usr/bin/env node
import { processIo } from "./io";
import { main } from "./main";

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`arena: internal error: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
