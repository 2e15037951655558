// `node --test-reporter=… <this file> file…`: the given test files (Node's test runner's files)
// imported one after the other into this one process, where their tests run in turn, as they
// would in `node --test` but without a process per file (a Node start and an @arena/cli import
// each). A file that does not load is named on stderr and fails the run; its tests never report.
import { pathToFileURL } from "node:url";

for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    console.error(`${file} did not load:`, error);
    process.exitCode = 1;
  }
}
