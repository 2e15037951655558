// A setup file runs before each test file, also with `isolate: false`: its hook belongs to that file.
import { afterAll } from "vitest";
import { removeTempDirs } from "./helpers";

// The file's temporary directories (the test runner's worker does not end by `exit`).
afterAll(() => {
  removeTempDirs();
});
