// @arena/core/testing (Node-only): helpers the game packages' tests share.

export {
  type CppTestbed,
  type CppTestbedOptions,
  cppTestbed,
  eachRound,
  type Reflection,
  type Seat,
} from "./cpp/testing";
