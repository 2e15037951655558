import { hash } from "node:crypto";
import { COLLECTOR_SOURCE } from "../process/collector-source";

/**
 * The source of a bot host process (run with `node -e`, as CommonJS, so that it works the same
 * from the ESM and CJS builds and from the sources under test). It loads the engine and the bot
 * module, then serves sessions (one per seat of a match): each keeps a replica of the match
 * (created like the runner's, then every freeze and step the runner sends applied to it) and a
 * fresh bot object, from a fresh instance of the bot's module.
 *
 * Messages come one JSON object per line on stdin; replies go one per line to fd 3, so that what
 * the bot prints (fd 1 and 2) is captured apart, each followed by a tab and a MAC of its sequence
 * number and text keyed with `ARENA_HOST_KEY` (`replyMac`; taken from the environment before any
 * bot code runs): a reply the bot wrote on fd 3 itself is refused. Before any bot code runs, the
 * host takes what it needs (fs.writeSync, JSON, crypto.hash) and
 * removes `process.kill` (Node's permission model allows signals): a bot cannot kill arena or
 * another bot; `os.setPriority` (renice arena) and what would show the key (heap snapshots, V8's
 * flags) are denied too.
 */
export const BOT_HOST_SOURCE = `
"use strict";
const fs = require("node:fs");
const crypto = require("node:crypto");
const writeSync = fs.writeSync;
const stringify = JSON.stringify;
const parse = JSON.parse;
// The reply channel's keys: taken from the environment and removed from it before any bot code
// runs; they live only in this closure. Every reply carries a MAC of its sequence number and text
// (SHA-256 nested with two secret prefixes, as HMAC nests its two keys; computed by crypto.hash on
// strings only, so that no object a bot can reach or patch takes part): a line the bot writes on
// fd 3 itself fails the check and the host is stopped.
const [innerKey, outerKey] = (() => {
  const keys = String(process.env.ARENA_HOST_KEY || "").split(":");
  delete process.env.ARENA_HOST_KEY;
  return keys;
})();
const hash = crypto.hash;
let sequence = 0;
const deny = (what, permission = "Signal") => function denied() {
  const error = new Error("Access to this API has been restricted: " + what);
  error.code = "ERR_ACCESS_DENIED";
  error.permission = permission;
  error.resource = what;
  throw error;
};
process.kill = deny("process.kill");
process._kill = deny("process._kill");
process.binding = deny("process.binding");
process._linkedBinding = deny("process._linkedBinding");
process.dlopen = deny("process.dlopen");
// Priorities are not covered by the permission model: a bot could renice arena or any process
// of its user. The heap's snapshots and V8's flags would show what this closure holds.
{
  const os = require("node:os");
  os.setPriority = deny("os.setPriority", "Priority");
  const v8 = require("node:v8");
  for (const name of ["getHeapSnapshot", "writeHeapSnapshot", "setFlagsFromString", "startupSnapshot"]) {
    v8[name] = deny("v8." + name, "Inspect");
  }
}

// Node's permission model throws ERR_ACCESS_DENIED; a bot that catches it is still reported:
// every function of the modules that reach the system notes a denial before passing it on.
let denied;
const note = (error) => {
  if (error && (error.code === "ERR_ACCESS_DENIED" || error.code === "ERR_DLOPEN_DISABLED")) denied ??= error;
};
function watch(module) {
  for (const key of Object.keys(module)) {
    // Classes are left alone, and not even read: fs.ReadStream's getter would load fs's streams.
    if (/^[A-Z]/.test(key) && key !== "Worker") continue;
    const original = module[key];
    if (typeof original !== "function") continue;
    const wrapped = function (...args) {
      try {
        const result = new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
        if (result && typeof result.then === "function" && !new.target) result.then(undefined, note);
        return result;
      } catch (error) {
        note(error);
        throw error;
      }
    };
    Object.defineProperty(wrapped, "name", { value: original.name });
    try { module[key] = wrapped; } catch {}
  }
}
watch(fs);
watch(fs.promises);
watch(require("node:child_process"));
watch(require("node:worker_threads"));
watch(require("node:module"));
watch(require("node:os"));
watch(require("node:v8"));
require("node:module").syncBuiltinESMExports();

let engine;
let moduleUrl;
let exportName;
let builtin;
let ownPaths = [];
let loads = 0;
let pristine;
let asyncFault;
const sessions = new Map();

function reply(message) {
  const text = stringify(message);
  const mac = hash("sha256", outerKey + hash("sha256", innerKey + sequence++ + ":" + text, "hex"), "base64url");
  const line = text + "\\t" + mac + "\\n";
  let offset = 0;
  const bytes = Buffer.from(line);
  while (offset < bytes.length) offset += writeSync(3, bytes, offset, bytes.length - offset);
}

function errorText(error) {
  if (error instanceof Error || (error && typeof error === "object" && "message" in error)) {
    return {
      name: String(error.name),
      message: String(error.message),
      code: error.code === undefined ? undefined : String(error.code),
      permission: error.permission === undefined ? undefined : String(error.permission),
      resource: error.resource === undefined ? undefined : String(error.resource),
    };
  }
  return { name: "Error", message: String(error) };
}

// Errors thrown later (a timer, a rejected promise) are the bot's: reported at its next turn.
process.on("uncaughtException", (error) => { asyncFault ??= errorText(error); });
process.on("unhandledRejection", (error) => { asyncFault ??= errorText(error); });

function pick(module) {
  if (exportName !== undefined) return module[exportName];
  let value = module.default !== undefined ? module.default : module.bot;
  if (value && typeof value === "object" && typeof value.play !== "function") {
    const inner = value.bot !== undefined ? value.bot : value.default;
    if (inner !== undefined) value = inner;
  }
  return value;
}

function toFactory(value, where) {
  if (typeof value === "function") {
    if (value.prototype && typeof value.prototype.play === "function") return () => new value();
    return () => {
      const made = value();
      if (!made || typeof made.play !== "function") throw new Error(where + ": the bot factory did not return an object with play(view, actions)");
      return made;
    };
  }
  throw new Error(where + " does not export a bot: export default (or export 'bot') a class with play(view, actions), or a function returning such an object");
}

async function factory() {
  if (builtin !== undefined) {
    const made = engine.bots[builtin];
    if (typeof made !== "function") throw new Error("no built-in bot " + builtin);
    return made;
  }
  // A fresh module instance per session: nothing kept at module level leaks into the next match.
  // An ES module is imported again under a new query (a TypeScript bot's entry passes it on to
  // its bundle); a CommonJS one is keyed by file name whatever the query, so the bot's own files
  // leave require's cache first. Under the permission model the bot can read no other file of
  // its own; library packages are loaded once per process.
  if (loads++ > 0) {
    for (const file of Object.keys(require.cache)) {
      if (ownPaths.some((own) => file === own || file.startsWith(own + require("node:path").sep))) delete require.cache[file];
    }
  }
  const url = loads === 1 ? moduleUrl : moduleUrl + (moduleUrl.includes("?") ? "&" : "?") + "arena-match=" + loads;
  return toFactory(pick(await import(url)), moduleUrl);
}

// What a bot could change that outlives its module instance: the global object, the built-in
// objects reachable from it (constructors, their prototypes, namespaces such as Math), the
// exports of every built-in module loaded, process's listeners, and live timers. Taken after
// the bot's module is first loaded; compared when a session closes: any difference and the
// process is not used again (the next match gets a new one).
const loadedBuiltins = () => {
  const names = new Set(require("node:module").builtinModules);
  const found = [];
  for (const entry of process.moduleLoadList) {
    const name = entry.startsWith("NativeModule ") ? entry.slice(13) : undefined;
    if (name !== undefined && names.has(name)) found.push(name);
  }
  return found;
};
function objectsToWatch() {
  const objects = new Set([globalThis, process]);
  const add = (value) => {
    if ((typeof value === "function" || (typeof value === "object" && value !== null)) && !objects.has(value)) {
      objects.add(value);
      const proto = Object.getPrototypeOf(value);
      if (proto !== null) objects.add(proto);
      if (typeof value === "function" && value.prototype && typeof value.prototype === "object") objects.add(value.prototype);
    }
  };
  for (const key of Reflect.ownKeys(globalThis)) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, key);
    if (descriptor !== undefined && "value" in descriptor) add(descriptor.value);
  }
  for (const name of loadedBuiltins()) {
    try { add(require(name)); } catch {}
  }
  return [...objects];
}
function describeObject(object) {
  const keys = Reflect.ownKeys(object);
  const entries = new Map();
  for (const key of keys) {
    const d = Object.getOwnPropertyDescriptor(object, key);
    if (d !== undefined) entries.set(key, d);
  }
  return { object, extensible: Object.isExtensible(object), entries };
}
// Live handles and requests by kind (timers, sockets…); the host's own are there before any match.
const resourceCounts = () => {
  const counts = new Map();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) || 0) + 1);
  return counts;
};
let idleResources;
function takePristine() {
  return {
    objects: objectsToWatch().map(describeObject),
    builtins: loadedBuiltins().length,
    listeners: process.eventNames().map((name) => String(name) + ":" + process.listenerCount(name)).join(","),
  };
}
function isPristine() {
  if (pristine === undefined || idleResources === undefined) return false;
  if (asyncFault !== undefined || denied !== undefined) return false;
  if (loadedBuiltins().length !== pristine.builtins) return false;
  for (const [kind, count] of resourceCounts()) if (count > (idleResources.get(kind) || 0)) return false;
  const listeners = process.eventNames().map((name) => String(name) + ":" + process.listenerCount(name)).join(",");
  if (listeners !== pristine.listeners) return false;
  for (const { object, extensible, entries } of pristine.objects) {
    if (Object.isExtensible(object) !== extensible) return false;
    const keys = Reflect.ownKeys(object);
    if (keys.length !== entries.size) return false;
    for (const key of keys) {
      const was = entries.get(key);
      const now = Object.getOwnPropertyDescriptor(object, key);
      if (was === undefined || now === undefined) return false;
      if (was.value !== now.value && !(Number.isNaN(was.value) && Number.isNaN(now.value))) return false;
      if (was.get !== now.get || was.set !== now.set || was.writable !== now.writable) return false;
      if (was.enumerable !== now.enumerable || was.configurable !== now.configurable) return false;
    }
  }
  return true;
}

${COLLECTOR_SOURCE}

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

function apply(session, event) {
  if (event.kind === "freeze") session.match.freeze(event.player);
  else session.match.step(event.orders.map((list) => list.map((order) => engine.parseOrder(order))));
}

async function handle(message) {
  const s = message.s;
  try {
    if (denied !== undefined && message.t === "play") throw denied;
    if (asyncFault !== undefined && message.t === "play") {
      const fault = asyncFault;
      asyncFault = undefined;
      reply({ t: "error", s, error: fault });
      return;
    }
    if (message.t === "load") {
      let engineModule;
      try {
        engineModule = await import(message.engineUrl);
      } catch (error) {
        // The engine's bundle (see engineBundle) did not load: the engine module itself.
        if (message.fallbackUrl === undefined) throw error;
        engineModule = await import(message.fallbackUrl);
      }
      engine = engineModule.engine !== undefined ? engineModule.engine : engineModule.default && engineModule.default.engine;
      if (!engine || typeof engine.create !== "function") throw new Error(message.engineUrl + " does not export an engine");
      if (engine.name !== message.game || engine.version !== message.engineVersion) {
        throw new Error("the bot host loaded " + engine.name + " " + engine.version + ", not " + message.game + " " + message.engineVersion);
      }
      moduleUrl = message.moduleUrl;
      exportName = message.exportName;
      builtin = message.builtin;
      ownPaths = message.ownPaths || [];
      if (moduleUrl !== undefined) toFactory(pick(await import(moduleUrl)), moduleUrl);
      pristine = takePristine();
      reply({ t: "loaded", pid: process.pid });
    } else if (message.t === "open") {
      idleResources ??= resourceCounts();
      const make = await factory();
      const match = engine.create(message.config, message.seed, message.numPlayers);
      const session = { match, player: message.player, bot: undefined };
      sessions.set(s, session);
      for (const event of message.events) apply(session, event);
      session.bot = make();
      if (typeof session.bot.setup === "function") session.bot.setup(match.view(session.player));
      if (denied !== undefined) throw denied;
      reply({ t: "ready", s });
    } else if (message.t === "play") {
      const session = sessions.get(s);
      if (session === undefined) throw new Error("no session " + s);
      for (const event of message.events) apply(session, event);
      // What the view shows as the bot's rejected orders of its previous turn.
      if (session.match.feedback) session.match.feedback.show(session.player, message.rejected || []);
      const collector = new Collector(message.limit);
      const actions = withNotes(session.match.actions(session.player, collector), collector);
      session.bot.play(session.match.view(session.player), actions);
      if (denied !== undefined) throw denied;
      reply({ t: "orders", s, orders: collector.orders, keys: collector.orderKeys, offered: collector.offered, notes: collector.notes });
    } else if (message.t === "close") {
      sessions.delete(s);
      // Asked before the process serves another match: may it? (see isPristine)
      if (message.reply) reply({ t: "closed", s, clean: isPristine() });
    }
  } catch (error) {
    reply({ t: "error", s, error: errorText(error) });
  }
}

// Messages are handled in order: "load" and "open" may wait (imports); a "play" that arrives
// when nothing is pending is handled at once, without a promise hop.
let queue = Promise.resolve();
let pending = 0;
let partial = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  partial += chunk;
  let newline;
  while ((newline = partial.indexOf("\\n")) >= 0) {
    const line = partial.slice(0, newline);
    partial = partial.slice(newline + 1);
    if (line === "") continue;
    const message = parse(line);
    if (pending === 0 && message.t === "play") {
      handle(message);
      continue;
    }
    pending++;
    queue = queue.then(() => handle(message)).finally(() => pending--);
  }
});
// The runner closing the channel ends the host.
process.stdin.on("end", () => process.exit(0));
`;

/**
 * The MAC a bot host appends to its reply number `sequence` (from 0) of text `text`, with the keys
 * `inner` and `outer` it was given (`ARENA_HOST_KEY` = `inner:outer`): what the host computes.
 */
export function replyMac(inner: string, outer: string, sequence: number, text: string): string {
  return hash("sha256", outer + hash("sha256", `${inner}${sequence}:${text}`, "hex"), "base64url");
}
