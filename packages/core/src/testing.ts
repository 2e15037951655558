// @arena/core/testing (Node-only): helpers the game packages' tests share. The `describe…`
// helpers declare vitest tests, so they need `vitest` (`ajv` for the schema's, `fast-check` for
// the order parser's) installed. The C++ test bed is @arena/bots/testing's.

export {
  checkOrdersAccepted,
  type FoundRejection,
  type OrdersCheck,
} from "./testing/accepted-orders";
export {
  describeOrderParser,
  type OrderArbitraries,
  shuffledFields,
} from "./testing/describe-order-parser";
export {
  describeProtocolSchema,
  type ProtocolSchemaTable,
  schemaValidator,
} from "./testing/describe-protocol-schema";
export { describeViewFacade } from "./testing/describe-view-facade";
export { type BotPair, expectSameOrders } from "./testing/expect-same-orders";
export { loadFactor, loadScaled } from "./testing/load-scaled";
export { playScripted, type ScriptedMatch } from "./testing/play-scripted";
export { expectSameText, type ReferenceData, referenceData } from "./testing/reference-data";
