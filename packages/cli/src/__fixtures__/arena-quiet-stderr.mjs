// `node arena-quiet-stderr.mjs <arena bin> args…`: runs the arena bin with `args`, passing its
// stdout through, and fails (exit 1, arena's stderr shown) if arena wrote anything on stderr. A
// Python starter's own test runs arena through it (its ARENA variable), so that one match checks
// both what the starter's test checks and that arena printed nothing on stderr.
import { spawn } from "node:child_process";

const [bin, ...args] = process.argv.slice(2);
const child = spawn(process.execPath, [bin, ...args], { stdio: ["inherit", "inherit", "pipe"] });
let stderr = "";
child.stderr.setEncoding("utf8");
child.stderr.on("data", (chunk) => {
  stderr += chunk;
});
child.on("close", (code, signal) => {
  if (stderr !== "") {
    process.stderr.write(`arena wrote on stderr (exit ${code ?? signal}):\n${stderr}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
