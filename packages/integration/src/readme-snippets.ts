import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** A TypeScript code block of a README. */
export interface Snippet {
  /** The README, relative to the repository root. */
  file: string;
  /** The 1-based line of the block's opening fence. */
  line: number;
  /** The block's text. */
  code: string;
}

/** The fence languages taken as TypeScript. */
const typescriptFences = new Set(["ts", "typescript", "mts", "cts", "tsx"]);

/** The fence languages taken as shell commands. */
export const shellFences: ReadonlySet<string> = new Set(["sh", "bash", "shell"]);

/**
 * Every ```ts block of `markdown` (fences at the start of a line, info string's first word), or
 * of the fence `languages` given. `firstLine`: the line of `markdown`'s first line in `file`.
 */
export function extractSnippets(
  file: string,
  markdown: string,
  languages: ReadonlySet<string> = typescriptFences,
  firstLine = 1,
): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split("\n");
  let open: { line: number; language: string; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^\s*```(.*)$/.exec(text);
    if (open === undefined) {
      if (fence)
        open = { line: index + firstLine, language: fence[1]!.trim().split(/\s+/)[0]!, body: [] };
      return;
    }
    if (fence && fence[1]!.trim() === "") {
      if (languages.has(open.language))
        snippets.push({ file, line: open.line, code: open.body.join("\n") });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  return snippets;
}

/**
 * The section of `markdown` under the heading `heading` (its text, without the `#`s), up to the
 * next heading of its level or above, with the 1-based line of its first line; undefined when no
 * heading has that text. Fenced code blocks are not read for headings.
 */
export function markdownSection(
  markdown: string,
  heading: string,
): { text: string; line: number } | undefined {
  const lines = markdown.split("\n");
  let inFence = false;
  let start: { index: number; level: number } | undefined;
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!;
    if (/^\s*```/.test(text)) inFence = !inFence;
    const match = inFence ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
    if (match === null) continue;
    const level = match[1]!.length;
    if (start !== undefined && level <= start.level)
      return { text: lines.slice(start.index + 1, index).join("\n"), line: start.index + 2 };
    if (start === undefined && match[2] === heading) start = { index, level };
  }
  if (start === undefined) return undefined;
  return { text: lines.slice(start.index + 1).join("\n"), line: start.index + 2 };
}

/** The README.md files of the repository: the root's and every package's and example's. */
export function readmeFiles(root: string): string[] {
  const files = [join(root, "README.md")];
  for (const group of ["packages", "examples"]) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const readme = join(dir, name, "README.md");
      if (existsSync(readme)) files.push(readme);
    }
  }
  return files.filter((file) => existsSync(file));
}

/** Every TypeScript snippet of every README under `root`, file paths relative to it. */
export function repositorySnippets(root: string): Snippet[] {
  return readmeFiles(root).flatMap((file) =>
    extractSnippets(relative(root, file), readFileSync(file, "utf8")),
  );
}
