import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extractSnippets, repositorySnippets } from "./readme-snippets";
import { compilerOptionsOf, typeCheckSnippets } from "./type-check-snippets";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const packageDir = fileURLToPath(new URL("..", import.meta.url));

describe("extractSnippets", () => {
  it("takes ts and typescript blocks with their fence line, and nothing else", () => {
    const markdown = [
      "# title",
      "```ts",
      "const a = 1;",
      "```",
      "```sh",
      "echo no",
      "```",
      "```typescript title=x",
      "const b: number = 2;",
      "",
      "```",
      "```json",
      "{}",
      "```",
    ].join("\n");
    expect(extractSnippets("R.md", markdown)).toEqual([
      { file: "R.md", line: 2, code: "const a = 1;" },
      { file: "R.md", line: 8, code: "const b: number = 2;\n" },
    ]);
  });
});

describe("README snippets", () => {
  const snippets = repositorySnippets(root);
  // Checked once for all snippets (one program), then reported one test per snippet.
  let results: string[][] | undefined;
  const diagnosticsOf = (index: number): string[] => {
    results ??= typeCheckSnippets(
      snippets,
      `${packageDir}src/__snippets__`,
      compilerOptionsOf(`${packageDir}tsconfig.json`),
    );
    return results[index]!;
  };

  it("finds the snippets of the package READMEs", () => {
    // core, the five games and the viewer each show code; a parser that finds none must fail.
    const files = new Set(snippets.map((snippet) => snippet.file));
    for (const name of ["core", "moneyheist", "madmax", "madmax-revisited", "dragonball"])
      expect(files).toContain(`packages/${name}/README.md`);
  });

  it.each(snippets.map((snippet, index) => [`${snippet.file}:${snippet.line}`, index] as const))(
    "%s type-checks under the repository's strict settings",
    (_, index) => {
      expect(diagnosticsOf(index)).toEqual([]);
    },
  );

  it("a snippet with a type error is reported at its README line", () => {
    const [diagnostics] = typeCheckSnippets(
      [
        {
          file: "X.md",
          line: 10,
          code: 'import { engine } from "@arena/madmax";\nconst n: string = engine.name.length;\n',
        },
      ],
      `${packageDir}src/__snippets__`,
      compilerOptionsOf(`${packageDir}tsconfig.json`),
    );
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics![0]).toMatch(/^X\.md:12:7 TS2322: /);
  });
});
