// A setup file runs before each test file, also with `isolate: false`: its hook belongs to that file.
import { afterAll } from "vitest";
import { removeTempDirs } from "./helpers";

afterAll(removeTempDirs);
