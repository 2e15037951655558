import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared";

// A fork per file here (vitest's isolation; the shared config turns it off). view.test.ts's bot
// that tampers with everything it reaches (core's `describeViewFacade`) leaves this package's
// loaded code changed: a later in-process Demo in the same process is frozen with "threw
// TypeError: value.bind is not a function" (core's `withAnnotate` binding an actions method whose
// prototype is gone), as examples.test.ts shows when it runs after it in one process. The match
// the tampering bot plays is unchanged, as the test claims; the damage outlives it. Until the
// actions' methods are out of a bot's reach, this package's files do not share a process.
export default mergeConfig(sharedConfig, defineConfig({ test: { isolate: true } }));
