// @arena/core/testing (Node-only): helpers the game packages' tests share.

export { type CppTestbed, type CppTestbedOptions, cppTestbed, type Seat } from "./cpp/testing";
