import { ArenaError } from "@arena/core";

/**
 * Checks a Redis URL (`redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS) and
 * returns it; anything else is an `ArenaError` `BAD_OPTION` naming `flag`.
 */
export function checkRedisUrl(url: string, flag = "--redis"): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ArenaError(
      "BAD_OPTION",
      `${flag} takes a Redis URL such as redis://localhost:6379, got '${url}'`,
    );
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw new ArenaError(
      "BAD_OPTION",
      `${flag} takes a redis:// (or rediss://) URL, got '${url}' (protocol ${parsed.protocol})`,
    );
  }
  if (parsed.hostname === "") {
    throw new ArenaError("BAD_OPTION", `${flag}: the URL '${url}' names no host`);
  }
  return url;
}

/** The URL as shown in messages: the password replaced by `***`. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return url;
  }
}
