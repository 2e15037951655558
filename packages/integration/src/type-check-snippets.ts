import { dirname, join } from "node:path";
import ts from "typescript";
import { sharedCompilerHost } from "./compiler-host";
import type { Snippet } from "./readme-snippets";

/** The compiler options of a tsconfig file (with its `extends`), as the repository's packages use them. */
export function compilerOptionsOf(tsconfigPath: string): ts.CompilerOptions {
  const read = ts.readConfigFile(tsconfigPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(tsconfigPath));
  return parsed.options;
}

/**
 * Type-checks every snippet as its own module, in one program, as if each were a file in `dir`
 * (so `@arena/*` imports resolve through `dir`'s node_modules to the built packages' types).
 * Returns each snippet's diagnostics as readable lines (empty when it compiles).
 */
export function typeCheckSnippets(
  snippets: readonly Snippet[],
  dir: string,
  options: ts.CompilerOptions,
): string[][] {
  const paths = snippets.map((snippet, index) =>
    join(dir, `snippet-${index}-${snippet.file.replace(/[^a-z0-9]+/gi, "-")}-${snippet.line}.ts`),
  );
  const byPath = new Map(paths.map((path, index) => [path, snippets[index]!.code]));
  // The lib files and the packages' declarations parsed once for every program of this process
  // (the error-reporting test's program reuses those of the README snippets').
  const host = sharedCompilerHost({ ...options, noEmit: true }, process.cwd());
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const code = byPath.get(fileName);
    if (code !== undefined) return ts.createSourceFile(fileName, code, languageVersion, true);
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => byPath.has(fileName) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => byPath.get(fileName) ?? readFile(fileName);
  const program = ts.createProgram(paths, { ...options, noEmit: true }, host);
  const global = ts.getPreEmitDiagnostics(program).filter((d) => d.file === undefined);
  return paths.map((path, index) => {
    const file = program.getSourceFile(path);
    const diagnostics = file ? ts.getPreEmitDiagnostics(program, file) : [];
    const snippet = snippets[index]!;
    return [...global, ...diagnostics].map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (!d.file || d.start === undefined) return `TS${d.code}: ${message}`;
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      // Line numbers in the README: the code starts on the line after the opening fence.
      return `${snippet.file}:${snippet.line + line + 1}:${character + 1} TS${d.code}: ${message}`;
    });
  });
}
