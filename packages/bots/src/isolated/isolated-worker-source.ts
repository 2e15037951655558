import { COLLECTOR_SOURCE } from "../process/collector-source";
/**
 * The source of the worker thread that runs an isolated bot (evaluated as a CommonJS script, so
 * that it works the same from the ESM and CJS builds and from the sources under test). It keeps a
 * replica of the match: it creates it like the runner, then applies every freeze and step the
 * runner sends, and runs the bot on its own view.
 */
export const ISOLATED_WORKER_SOURCE = `
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
let engine;
let match;
let bot;
let player = 0;

function pick(module, exportName) {
  if (exportName !== undefined) return module[exportName];
  if (module.default !== undefined) {
    const d = module.default;
    if (d && typeof d === "object" && typeof d.play !== "function" && d.bot !== undefined) return d.bot;
    return d;
  }
  return module.bot;
}

function toFactory(value, where) {
  if (typeof value === "function") {
    if (value.prototype && typeof value.prototype.play === "function") return () => new value();
    return () => {
      const made = value();
      if (!made || typeof made.play !== "function") throw new Error(where + ": the bot factory did not return an object with play()");
      return made;
    };
  }
  throw new Error(where + " does not export a bot class or factory (default export or 'bot')");
}

${COLLECTOR_SOURCE}

function errorText(error) {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

parentPort.on("message", async (message) => {
  try {
    if (message.type === "init") {
      const engineModule = await import(message.engineUrl);
      engine = engineModule.engine ?? (engineModule.default && engineModule.default.engine);
      if (!engine || typeof engine.create !== "function") throw new Error(message.engineUrl + " does not export an engine");
      if (engine.name !== message.game || engine.version !== message.engineVersion) {
        throw new Error("the worker loaded " + engine.name + " " + engine.version + ", not " + message.game + " " + message.engineVersion);
      }
      player = message.player;
      let factory;
      if (message.builtin !== undefined) {
        factory = engine.bots[message.builtin];
        if (typeof factory !== "function") throw new Error("no built-in bot " + message.builtin);
      } else {
        const botModule = await import(message.moduleUrl);
        factory = toFactory(pick(botModule, message.exportName), message.moduleUrl);
      }
      match = engine.create(message.config, message.seed, message.numPlayers);
      for (const event of message.events) apply(event);
      bot = factory();
      if (typeof bot.setup === "function") bot.setup(match.view(player));
      parentPort.postMessage({ type: "ready" });
    } else if (message.type === "play") {
      for (const event of message.events) apply(event);
      if (match.feedback) match.feedback.show(player, message.rejected || []);
      const collector = new Collector(message.limit);
      bot.play(match.view(player), withNotes(match.actions(player, collector), collector));
      parentPort.postMessage({ type: "orders", orders: collector.orders, keys: collector.orderKeys, offered: collector.offered, notes: collector.notes });
    }
  } catch (error) {
    parentPort.postMessage({ type: "error", error: errorText(error) });
  }
});

// The actions object with annotate(note) (like core's withAnnotate): the notes go back with the orders.
function withNotes(actions, collector) {
  if (typeof actions !== "object" || actions === null || "annotate" in actions) return actions;
  const annotate = (note) => collector.annotate(note);
  if (Object.isExtensible(actions)) {
    Object.defineProperty(actions, "annotate", { value: annotate, enumerable: false });
    return actions;
  }
  const bound = new Map();
  return new Proxy(actions, {
    get(target, key) {
      if (key === "annotate") return annotate;
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function" || Object.hasOwn(target, key)) return value;
      let method = bound.get(key);
      if (method === undefined) {
        method = value.bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
}

function apply(event) {
  if (event.kind === "freeze") match.freeze(event.player);
  else match.step(event.orders.map((list) => list.map((order) => engine.parseOrder(order))));
}
`;
