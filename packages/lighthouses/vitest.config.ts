import { defineConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// One process for the package's files, as elsewhere. It once needed a fork per file: view.test's
// bot that tampers with everything it reaches replaced a property (`bind`) of the game's actions
// methods, and a later in-process Demo in the same process was frozen; core's `withAnnotate` no
// longer uses it (bot-notes.test.ts). The package's CPU fell from 22.6 / 25.3 s to 17.9 / 16.9 s
// (alternated runs under load 5–11, 24 Nov).
export default defineConfig(sharedConfig);
