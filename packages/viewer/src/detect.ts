// Recognising the original `.res` files by their first lines (shared by the page and Node).

/** The game (`Engine.name`) whose `.res` starts with `head`, or undefined. */
export function detectRes(head: string): string | undefined {
  if (/^MoneyHeist\s/m.test(head)) return "moneyheist";
  if (/^Mad_Max\s/m.test(head)) return "madmax";
  if (/^mad_max_2020\s/m.test(head)) return "madmax-revisited";
  if (/^boladedrac\s/m.test(head)) return "dragonball";
  return undefined;
}
