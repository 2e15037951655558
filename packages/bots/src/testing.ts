// @arena/bots/testing (Node-only): the C++ test bed the game packages' C++ tests share. It
// declares vitest hooks and assertions, so it needs `vitest` installed.

/** For tests that play C++ players without `cppTestbed`: call it in an `afterAll`. */
export { discardUnusedPipes } from "./cpp/pipes";
export {
  type CppTestbed,
  type CppTestbedOptions,
  cppTestbed,
  eachRound,
  type Reflection,
  type Seat,
} from "./testing/cpp-testbed";
