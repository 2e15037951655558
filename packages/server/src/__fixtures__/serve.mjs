// A server process for the tests: the built package, with Money Heist. Options as JSON in argv[2].
// Prints `listening <url>` (and `organiser <token>` when it made one) on stdout; SIGTERM closes it.
import { startServer } from "../../dist/index.js";

const options = JSON.parse(process.argv[2]);
const server = await startServer({
  ...options,
  games: { moneyheist: import.meta.resolve("@arena/moneyheist") },
  log: (line) => process.stderr.write(`[server] ${line}\n`),
});
if (server.newOrganiserToken !== undefined) console.log(`organiser ${server.newOrganiserToken}`);
console.log(`listening ${server.url}`);
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
