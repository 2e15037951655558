/**
 * Where two texts (e.g. a produced and a recorded `.res`) first differ, for a readable failure:
 * the line number, the round the line belongs to (the last line before it matching `roundLine`,
 * whose first group is the round number), and both lines. Undefined when the texts are equal.
 */
export function firstDifference(
  got: string,
  want: string,
  roundLine: RegExp = /^(?:round|rnd) (\d+)$/,
): string | undefined {
  if (got === want) return undefined;
  const a = got.split("\n");
  const b = want.split("\n");
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  let round = -1;
  for (let k = 0; k < line; k++) {
    const match = roundLine.exec(a[k]!);
    if (match) round = Number(match[1]);
  }
  return `first difference at line ${line + 1} (after the state of round ${round}): got ${JSON.stringify(a[line])}, want ${JSON.stringify(b[line])}`;
}
