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

/** Every ```ts block of `markdown` (fences at the start of a line, info string's first word). */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split("\n");
  let open: { line: number; language: string; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const fence = /^\s*```(.*)$/.exec(text);
    if (open === undefined) {
      if (fence) open = { line: index + 1, language: fence[1]!.trim().split(/\s+/)[0]!, body: [] };
      return;
    }
    if (fence && fence[1]!.trim() === "") {
      if (typescriptFences.has(open.language))
        snippets.push({ file, line: open.line, code: open.body.join("\n") });
      open = undefined;
      return;
    }
    open.body.push(text);
  });
  return snippets;
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
