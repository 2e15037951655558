// @arena/core/testing (Node-only): helpers the game packages' tests share. The `describe…`
// helpers declare vitest tests, so they need `vitest` (`ajv` for the schema's, `fast-check` for
// the order parser's) installed.

export { checkOrdersAccepted, type FoundRejection, type OrdersCheck } from "./accepted-orders";
/** For tests that play C++ players without `cppTestbed`: call it in an `afterAll`. */
export { discardUnusedPipes } from "./cpp/pipes";
export {
  type CppTestbed,
  type CppTestbedOptions,
  cppTestbed,
  eachRound,
  type Reflection,
  type Seat,
} from "./cpp/testing";
export {
  describeOrderParser,
  type OrderArbitraries,
  shuffledFields,
} from "./describe-order-parser";
export {
  describeProtocolSchema,
  type ProtocolSchemaTable,
  schemaValidator,
} from "./describe-protocol-schema";
export { describeViewFacade } from "./describe-view-facade";
export { type BotPair, expectSameOrders } from "./expect-same-orders";
export { loadFactor, loadScaled } from "./load-scaled";
export { playScripted, type ScriptedMatch } from "./play-scripted";
export { expectSameText, type ReferenceData, referenceData } from "./reference-data";
