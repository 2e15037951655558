import { resolve } from "node:path";
import ts from "typescript";

/**
 * Parsed (and, once a program has used them, bound) declaration and source files, shared by
 * every program this process makes: TypeScript's lib files and the packages' `.d.ts` are parsed
 * once, not once per program (a `tsc` process per check re-read and re-parsed them all, and
 * started Node and loaded TypeScript again). A file is shared only between programs whose
 * options parse it the same way (the options TypeScript's language service keys its own shared
 * SourceFiles on, and the module format of the file) and while its text is unchanged; checking
 * is still done by each program's own checker, which never changes a shared file.
 */
const sourceFiles = new Map<string, ts.SourceFile>();

/**
 * The options that change what parsing or binding makes of a file: TypeScript's own list (its
 * document registry's key, `sourceFileAffectingCompilerOptions`), or every option if a version
 * of TypeScript no longer has it.
 */
function parsingKey(options: ts.CompilerOptions): string {
  const affecting = (ts as unknown as { sourceFileAffectingCompilerOptions?: { name: string }[] })
    .sourceFileAffectingCompilerOptions;
  const names = affecting?.map((option) => option.name) ?? Object.keys(options).sort();
  return JSON.stringify(names.map((name) => options[name] ?? null));
}

/**
 * A compiler host like `tsc`'s, working in `directory` (as `tsc` run there), whose source files
 * come from the shared cache.
 */
export function sharedCompilerHost(
  options: ts.CompilerOptions,
  directory: string,
): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.getCurrentDirectory = () => directory;
  const key = parsingKey(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = host.readFile(fileName);
    if (text === undefined) return parse(fileName, languageVersion, onError, shouldCreate);
    const settings =
      typeof languageVersion === "object"
        ? [
            languageVersion.languageVersion,
            languageVersion.impliedNodeFormat ?? null,
            languageVersion.jsDocParsingMode ?? null,
          ]
        : [languageVersion];
    const id = `${fileName}\n${key}\n${JSON.stringify(settings)}`;
    const cached = sourceFiles.get(id);
    if (cached?.text === text) return cached;
    const file = ts.createSourceFile(fileName, text, languageVersion, false);
    sourceFiles.set(id, file);
    return file;
  };
  return host;
}

/**
 * Type-checks the project of the tsconfig file `configFile` (a path relative to `directory`) as
 * `tsc -p configFile` run in `directory` does, in this process: the same diagnostics in the same
 * order (those of the config file, then syntax, then options, global and semantic ones), written
 * as `tsc` writes them to a pipe (`file(line,col): error TSnnnn: message`, one per line); "" when
 * the project compiles.
 *
 * With `semanticOnly`, the semantic check (the checker's walk of each file) is limited to the
 * files it accepts (a file's own errors; a type a checked file uses from another file is still
 * resolved and checked where it is used); syntax, options and global diagnostics still cover
 * every file. `tsc -p` then reports a superset: also the errors inside the other files.
 */
export function typeCheckProject(
  directory: string,
  configFile: string,
  semanticOnly?: (fileName: string) => boolean,
): string {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(directory, configFile),
    {},
    {
      ...ts.sys,
      getCurrentDirectory: () => directory,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (parsed === undefined) throw new Error(`${configFile}: not read`);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: sharedCompilerHost(parsed.options, directory),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
    ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}),
  });
  // `tsc`'s order (its emitFilesAndReportErrors): each kind only when the kinds before found nothing.
  const diagnostics = [...program.getConfigFileParsingDiagnostics()];
  const before = diagnostics.length;
  diagnostics.push(...program.getSyntacticDiagnostics());
  if (diagnostics.length === before) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === before) {
      if (semanticOnly === undefined) diagnostics.push(...program.getSemanticDiagnostics());
      else
        for (const file of program.getSourceFiles())
          if (semanticOnly(file.fileName))
            diagnostics.push(...program.getSemanticDiagnostics(file));
    }
  }
  diagnostics.push(...program.emit().diagnostics);
  return ts.formatDiagnostics(ts.sortAndDeduplicateDiagnostics(diagnostics), {
    getCurrentDirectory: () => directory,
    getCanonicalFileName: (fileName) => fileName,
    getNewLine: () => "\n",
  });
}
