import { decodeReplayFrames, type InflateRaw, looksLikeReplay } from "@arena/core";
import { gunzipSync, inflateSync } from "fflate";
import { GAMES } from "./games";
import { ReplaySource, ResSource, type Source } from "./source";

const inflate: InflateRaw = (payload, dictionary) =>
  dictionary.length > 0 ? inflateSync(payload, { dictionary }) : inflateSync(payload);

const gameList = (): string => GAMES.map((g) => g.engine.title).join(", ");

/**
 * Opens a file's bytes: an arena replay (re-simulated) or an original `.res` of one of the four
 * Jutge games. Throws an `Error` whose message says what is wrong, for the page to show. With
 * `previous`, an earlier read of the same replay still being written, only its new steps are
 * simulated.
 */
export function openFile(bytes: Uint8Array, name: string, previous?: Source): Source {
  if (bytes.length === 0) throw new Error(`${name} is empty`);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (error) {
      throw new Error(`${name} is corrupt gzip data (${(error as Error).message})`);
    }
  }
  if (looksLikeReplay(bytes)) {
    const replay = decodeReplayFrames(bytes, inflate, name, { allowTruncated: true });
    const view = GAMES.find((g) => g.game === replay.header.game);
    if (view === undefined) {
      throw new Error(
        `${name} is a replay of '${replay.header.game}', a game this viewer does not know (it shows ${gameList()})`,
      );
    }
    return new ReplaySource(
      view,
      replay,
      previous instanceof ReplaySource && previous.view === view ? previous : undefined,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${name} is neither an arena replay nor a .res file (it is binary data)`);
  }
  const head = text.slice(0, 1024);
  const view = GAMES.find((g) => g.res?.detect(head));
  if (view === undefined) {
    throw new Error(
      `${name} is neither an arena replay nor the .res of a known game (${GAMES.filter((g) => g.res)
        .map((g) => g.engine.title)
        .join(", ")})`,
    );
  }
  try {
    return new ResSource(view, text);
  } catch (error) {
    throw new Error(`${name} (${view.engine.title} .res): ${(error as Error).message}`);
  }
}
