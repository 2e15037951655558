// Every relative link of every Markdown file resolves: a moved section, file or folder must
// take its links along. Links with a scheme (https:, mailto:) are not followed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { brokenLinks, extractLinks, headingAnchors, markdownFiles } from "./markdown-links";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("extractLinks", () => {
  it("finds inline links, images and reference definitions with their lines, not code", () => {
    const markdown = [
      "# T",
      'See [core](packages/core) and ![shot](a b.png) or [x](<with space.md> "title").',
      "[ref]: docs/ref.md",
      "`[not](a-link.md)` but [yes](b.md#part)",
      "```md",
      "[in a block](c.md)",
      "```",
      "[after](d.md) [web](https://example.com)",
    ].join("\n");
    expect(extractLinks(markdown)).toEqual([
      { target: "packages/core", line: 2 },
      { target: "with space.md", line: 2 },
      { target: "docs/ref.md", line: 3 },
      { target: "b.md#part", line: 4 },
      { target: "d.md", line: 8 },
      { target: "https://example.com", line: 8 },
    ]);
  });

  it("an image whose alt text has spaces is found by its target", () => {
    expect(extractLinks("![Money Heist in the viewer](shots/mh.png)")).toEqual([
      { target: "shots/mh.png", line: 1 },
    ]);
  });
});

describe("headingAnchors", () => {
  it("makes GitHub's anchors: lower case, punctuation dropped, a repeated heading numbered", () => {
    const markdown = [
      "## The runner (`runMatch(engine, options) → Promise<MatchResult>`)",
      "## Tests",
      "```sh",
      "# not a heading",
      "```",
      "### Tests",
      "## C++ players of the original kits",
    ].join("\n");
    expect([...headingAnchors(markdown)]).toEqual([
      "the-runner-runmatchengine-options--promisematchresult",
      "tests",
      "tests-1",
      "c-players-of-the-original-kits",
    ]);
  });
});

describe("brokenLinks (a repository with bad links)", () => {
  const base = mkdtempSync(join(tmpdir(), "arena-links-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const repo = join(base, "repo");
  mkdirSync(join(repo, "docs"), { recursive: true });
  mkdirSync(join(repo, "node_modules", "x"), { recursive: true });
  writeFileSync(join(repo, "docs", "guide.md"), "# Guide\n\n## Set up\n\n[home](../README.md)\n");
  writeFileSync(join(repo, "node_modules", "x", "README.md"), "[ignored](missing.md)\n");
  writeFileSync(
    join(repo, "README.md"),
    [
      "# Repo",
      "[ok](docs/guide.md) [ok anchor](docs/guide.md#set-up) [folder](docs) [self](#repo)",
      "[gone](docs/old.md)",
      "[bad anchor](docs/guide.md#setup)",
      "[escape](../../etc/passwd) [absolute escape](/../../etc/hostname)",
      "[shared data](../shared/reference/x.json)",
      "[web](https://example.com/missing)",
      "[escaped](docs/guide%2Emd) [bad escape](docs/100%.md)",
    ].join("\n"),
  );

  it("names each link that does not resolve, by file and line, and only those", () => {
    expect(markdownFiles(repo).map((file) => file.slice(repo.length + 1))).toEqual([
      "README.md",
      "docs/guide.md",
    ]);
    expect(brokenLinks(repo)).toEqual([
      "README.md:3: docs/old.md: no such file or folder",
      "README.md:4: docs/guide.md#setup: no heading #setup in docs/guide.md",
      "README.md:5: ../../etc/passwd: points out of the repository",
      "README.md:5: /../../etc/hostname: points out of the repository",
      "README.md:8: docs/100%.md: a malformed %-escape",
    ]);
  });

  it("a link into ../shared is checked when ../shared is there", () => {
    mkdirSync(join(base, "shared", "reference"), { recursive: true });
    expect(brokenLinks(repo)).toContain(
      "README.md:6: ../shared/reference/x.json: no such file or folder",
    );
    writeFileSync(join(base, "shared", "reference", "x.json"), "{}");
    expect(brokenLinks(repo)).toHaveLength(5);
  });
});

describe("the repository's Markdown", () => {
  const files = markdownFiles(root).map((file) => file.slice(root.length));

  it("has the root README, CONTRIBUTING.md, bench/README.md and every package's README", () => {
    for (const file of [
      "README.md",
      "CONTRIBUTING.md",
      "bench/README.md",
      "packages/cli/README.md",
    ])
      expect(files).toContain(file);
  });

  it("every relative link and image resolves (file, folder or heading)", () => {
    expect(brokenLinks(root)).toEqual([]);
  });
});
