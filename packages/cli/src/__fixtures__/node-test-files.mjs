// `node --test --test-reporter=<this file> dir…`: one JSON line per finished test with the test
// file it belongs to, so that one run of Node's test runner over several starters' folders says
// which starter's own test passed or failed (Node 20's TAP and spec output do not name the file).
export default async function* reporter(source) {
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { file, name, details } = event.data;
    const error = details?.error;
    yield `${JSON.stringify({
      file,
      name,
      passed: event.type === "test:pass",
      ...(error === undefined ? {} : { error: String(error.cause ?? error.message ?? error) }),
    })}\n`;
  }
}
