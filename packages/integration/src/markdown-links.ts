import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** A link of a Markdown file: its target as written and the 1-based line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** Folders never searched for Markdown files: installed, built or generated content. */
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".git", ".turbo", "__snippets__"]);

/** Every `*.md` file under `root`, sorted, outside installed and built folders. */
export function markdownFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && name.endsWith(".md")) files.push(path);
    }
  };
  walk(root);
  return files;
}

/**
 * The links and images of `markdown` (`[text](target)`, `![alt](target)`, `[ref]: target`),
 * outside fenced code blocks and inline code, with their lines.
 */
export function extractLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const line = text.replace(/(`+)[^`]*?\1/g, "");
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
    if (definition) links.push({ target: definition[1]!, line: index + 1 });
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1]!.replace(/^<|>$/g, ""), line: index + 1 });
    }
  });
  return links;
}

/** GitHub's anchor of a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** The anchors of the headings of `markdown` (a repeated heading gets `-1`, `-2`…, as on GitHub). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const text of markdown.split("\n")) {
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text) : null;
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with the relative links of the Markdown files under `root`, one line each
 * (`file:line: target: why`): a file or folder that does not exist, a heading anchor a Markdown
 * file does not have, or a link out of the repository. Links with a scheme (`https:`,
 * `mailto:`…) are not followed. A link out of the repository may only go into `../shared`, the
 * recorded data kept beside the clone, and is checked only when that folder is there.
 */
export function brokenLinks(root: string, files = markdownFiles(root)): string[] {
  const problems: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string): Set<string> => {
    let set = anchorsOf.get(file);
    if (set === undefined) {
      set = headingAnchors(readFileSync(file, "utf8"));
      anchorsOf.set(file, set);
    }
    return set;
  };
  for (const file of files) {
    const name = relative(root, file);
    for (const { target, line } of extractLinks(readFileSync(file, "utf8"))) {
      const problem = linkProblem(root, file, target, anchors);
      if (problem !== undefined) problems.push(`${name}:${line}: ${target}: ${problem}`);
    }
  }
  return problems;
}

/** Why `target`, linked from `file`, does not resolve; undefined when it does (or is not followed). */
function linkProblem(
  root: string,
  file: string,
  target: string,
  anchors: (file: string) => Set<string>,
): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = "", fragment] = target.split("#", 2) as [string, string | undefined];
  const path = decoded(pathPart.split("?")[0]!);
  if (path === undefined) return "a malformed %-escape";
  const resolved =
    path === "" ? file : resolve(path.startsWith("/") ? root : dirname(file), `.${sep}${path}`);
  const inside = relative(root, resolved);
  if (inside.startsWith("..")) {
    const shared = resolve(root, "..", "shared");
    if (!resolved.startsWith(shared + sep) && resolved !== shared)
      return "points out of the repository";
    if (!existsSync(shared)) return undefined;
  }
  if (!existsSync(resolved)) return "no such file or folder";
  if (fragment === undefined || fragment === "" || !resolved.endsWith(".md")) return undefined;
  if (!statSync(resolved).isFile()) return undefined;
  return anchors(resolved).has((decoded(fragment) ?? fragment).toLowerCase())
    ? undefined
    : `no heading #${fragment} in ${relative(root, resolved)}`;
}

/** `text` with its %-escapes decoded; undefined when one is malformed (`100%.md`). */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
