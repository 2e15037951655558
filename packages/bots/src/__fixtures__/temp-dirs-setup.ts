// A setup file runs before each test file, also with `isolate: false`: its hook belongs to that file.
import { afterAll } from "vitest";
import { discardUnusedPipes } from "../cpp/pipes";
import { removeTempDirs } from "./helpers";

// The file's temporary directories, and the C++ players' named pipes made ahead and not used
// (the test runner's worker does not end by `exit`, where they would otherwise go).
afterAll(() => {
  removeTempDirs();
  discardUnusedPipes();
});
