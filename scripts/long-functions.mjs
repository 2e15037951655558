// The longest functions of the packages' source (`packages/*/src/**/*.ts`, tests and fixtures
// left out: a test file's `describe` callback is a list of cases, not a procedure), by lines from
// the function's first line to its last, nested functions counted in their parent too (a 500-line
// function of closures is a 500-line function). Found with the TypeScript compiler's parser:
// declarations, methods, constructors, accessors, function expressions and arrow functions.
//
// The rule it holds (STYLE.md, "Size and shape"): no function longer than LIMIT lines unless one
// of the three lines above it (above the statement that holds it, for `const f = () => …`) is a
// comment that says why, with the word "long" in it, e.g.
//   // Long: one round in the original's phase order, each phase a block (engine-notes.md §3).
//
//   node scripts/long-functions.mjs [--top N] [--check] [--root DIR]
// `--top N` lists the N longest (default 10; 0: none); `--check` exits with 1 naming every
// function over the limit without such a comment (`pnpm lint` runs `--check --top 0`); `--root`
// measures another checkout.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

/** Lines above which a function needs a comment saying why it is long. */
export const LIMIT = 150;

const { values } = parseArgs({
  options: {
    top: { type: "string", default: "10" },
    check: { type: "boolean", default: false },
    root: { type: "string" },
  },
});
const root = resolve(values.root ?? fileURLToPath(new URL("..", import.meta.url)));

/** The source files of every package: `packages/*\/src/**\/*.ts(x)`, no tests, no fixtures. */
function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "__fixtures__") walk(path);
      } else if (
        /\.(?:[cm]?ts|tsx)$/.test(entry.name) &&
        !/\.(?:test|d)\.[cm]?tsx?$/.test(entry.name)
      ) {
        files.push(path);
      }
    }
  };
  for (const pkg of readdirSync(join(root, "packages"), { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    try {
      walk(join(root, "packages", pkg.name, "src"));
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
  }
  return files.sort();
}

/** A readable name for a function node: its own, or what holds it. */
function nameOf(node, source) {
  if (node.name !== undefined) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return `${nameOf(node.parent, source)}.constructor`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent))
    return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return "(anonymous)";
}

/** The node whose first line the "why" comment must be above (the statement holding an arrow). */
function anchorOf(node) {
  let anchor = node;
  while (
    anchor.parent !== undefined &&
    (ts.isVariableDeclaration(anchor.parent) ||
      ts.isVariableDeclarationList(anchor.parent) ||
      ts.isVariableStatement(anchor.parent) ||
      ts.isPropertyDeclaration(anchor.parent) ||
      ts.isPropertyAssignment(anchor.parent) ||
      ts.isExportAssignment(anchor.parent))
  ) {
    anchor = anchor.parent;
  }
  return anchor;
}

/** Whether one of the three lines above `line` (0-based) is a comment with the word "long". */
function saysWhy(lines, line) {
  for (let k = Math.max(0, line - 3); k < line; k++) {
    const text = lines[k].trim();
    if (/^(?:\/\/|\/\*|\*)/.test(text) && /\blong\b/i.test(text)) return true;
  }
  return false;
}

/** Every function of the source files, with its line count and whether a comment says why. */
export function measure() {
  const found = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lines = text.split("\n");
    const visit = (node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const anchor = source.getLineAndCharacterOfPosition(anchorOf(node).getStart(source)).line;
        found.push({
          file: relative(root, file),
          line: start + 1,
          name: nameOf(node, source),
          lines: end - start + 1,
          why: saysWhy(lines, anchor),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

const functions = measure();
const top = Number(values.top);
if (top > 0) {
  console.log(
    `the ${top} longest functions of packages/*/src (${functions.length} functions, tests left out)`,
  );
}
for (const f of functions.slice(0, top)) {
  const mark =
    f.lines > LIMIT ? (f.why ? "  (over the limit: a comment says why)" : "  OVER THE LIMIT") : "";
  console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}${mark}`);
}
if (values.check) {
  const over = functions.filter((f) => f.lines > LIMIT && !f.why);
  if (over.length > 0) {
    console.error(
      `\n${over.length} function(s) over ${LIMIT} lines without a comment saying why (a comment with the word "long" in the three lines above):`,
    );
    for (const f of over) console.error(`  ${f.file}:${f.line}  ${f.name} (${f.lines} lines)`);
    process.exitCode = 1;
  }
}
