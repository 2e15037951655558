import type { Command } from "./command";
import { view, viewHelp } from "./commands/view";

/** `arena view`: the flag spec of `commands/view.ts` (which keeps its own help text). */
export const viewCommand: Command = {
  name: "view",
  usage: "<file> [options]",
  description: viewHelp.split("\n\n").slice(1, -1).join("\n\n"),
  flags: [
    {
      name: "html",
      type: "string",
      value: "FILE",
      help: "write one self-contained HTML page instead of serving",
    },
    { name: "port", type: "string", value: "N", help: "port to serve on (default: a free one)" },
  ],
  minPositionals: 1,
  run: (args, io) => view(args, io),
};
