#!/usr/bin/env node
// A hostile external program for the counter game (default JSON-lines protocol): it plays like
// Demo, then at round 3 attacks. Usage: node hostile-program.mjs <attack> <marker> <target>
// Attacks: loop (endless), exit (process.exit(0)), killparent (SIGKILL to its parent: arena, or
// bubblewrap's init in the box; then plays on), write (writes the file <target>, then plays on),
// spawn (a child and a setsid grandchild, both sleeping 100 s with <marker> on their command
// line, then plays on), allocate (4 GiB of touched Buffers), badorder, sleep (60 s without CPU
// time), connect (connects to 127.0.0.1:<target> and sends "pwned"), kill (SIGKILL to pid
// <target>), renice (nice 19 for pid <target>), tmpfill (<target> MiB into /tmp; how much it
// wrote on stderr), read (reads the file <target>, given in hex: a path the command line does not
// name, as an attacker's own code would hold it, and prints it on stderr: "stole <content>"),
// processes (<target> processes in all: itself and children sleeping 100 s, <marker> their argv[0];
// then waits 1 s in its turn, so that arena looks at them, and plays on), fine.
// Every failure is swallowed: it plays on.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { connect } from "node:net";
import { setPriority } from "node:os";
import { createInterface } from "node:readline";

const [attack = "fine", marker = "0", writeTo = ""] = process.argv.slice(2);
const reply = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const demo = () => ({ orders: [0, 1, 2].map((unit) => ({ unit, add: 9 })) });
let keep;

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type !== "turn") continue;
  if (message.round === 3) {
    switch (attack) {
      case "loop":
        for (;;) {
          // burn CPU
        }
      case "exit":
        process.exit(0);
        break;
      case "killparent":
        try {
          process.kill(process.ppid, "SIGKILL");
        } catch {
          // not allowed: play on
        }
        break;
      case "write":
        try {
          writeFileSync(writeTo, "pwned");
        } catch {
          // a careful attacker swallows the error
        }
        break;
      case "spawn":
        spawn("sleep", [marker], { stdio: "ignore" });
        spawn("setsid", ["-f", "sleep", marker], { stdio: "ignore", detached: true }).unref();
        break;
      case "processes":
        for (let k = 1; k < Number(writeTo); k++) {
          const child = spawn("sleep", ["100"], { argv0: marker, stdio: "ignore" });
          child.on("error", (error) => process.stderr.write(`spawn: ${error.code}\n`));
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
        break;
      case "allocate":
        keep = [];
        for (let k = 0; k < 64; k++) keep.push(Buffer.alloc(64 * 1024 * 1024, 1));
        break;
      case "badorder":
        reply({ orders: [{ unit: 0, add: 42 }] });
        continue;
      case "sleep":
        await new Promise((resolve) => setTimeout(resolve, 60_000));
        break;
      case "connect":
        await new Promise((resolve) => {
          const socket = connect(Number(writeTo), "127.0.0.1", () => socket.end("pwned", resolve));
          socket.on("error", (error) => {
            process.stderr.write(`connect: ${error.code}\n`);
            resolve();
          });
        });
        break;
      case "kill":
        try {
          process.kill(Number(writeTo), "SIGKILL");
        } catch (error) {
          process.stderr.write(`kill: ${error.code}\n`);
        }
        break;
      case "renice":
        try {
          setPriority(Number(writeTo), 19);
        } catch (error) {
          process.stderr.write(`renice: ${error.code}\n`);
        }
        break;
      case "read":
        try {
          process.stderr.write(`stole ${readFileSync(Buffer.from(writeTo, "hex").toString(), "utf8")}\n`);
        } catch (error) {
          process.stderr.write(`read: ${error.code}\n`);
        }
        break;
      case "tmpfill": {
        let written = 0;
        try {
          const fd = openSync(`/tmp/arena-hostile-fill-${process.pid}`, "w");
          const block = Buffer.alloc(1024 * 1024, 120);
          try {
            for (let k = 0; k < Number(writeTo); k++) written += writeSync(fd, block);
          } finally {
            closeSync(fd);
            unlinkSync(`/tmp/arena-hostile-fill-${process.pid}`);
          }
        } catch (error) {
          process.stderr.write(`tmpfill: ${error.code}\n`);
        }
        process.stderr.write(`wrote ${written} bytes to /tmp\n`);
        break;
      }
      default:
        break;
    }
  }
  reply(demo());
}
void keep;
