/**
 * The one answer of a batch function called with one item (`toViews(em, [row])`, `newCodes(em, 1)`):
 * anything but exactly one is a bug in that function, said so here rather than as a crash further on.
 */
export function single<T>(list: readonly T[], what: string): T {
  const [only] = list;
  if (list.length !== 1 || only === undefined) throw new Error(`Expected exactly one ${what}, got ${list.length}.`);
  return only;
}
