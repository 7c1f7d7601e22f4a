// English has one plural rule worth asking about here: 'one' (1) or anything else (0, 2, 1.5…).
const rules = new Intl.PluralRules('en-GB');

/**
 * A count with its noun in the right number: `countNoun(1, 'course')` is '1 course',
 * `countNoun(3, 'course')` '3 courses'; an irregular noun passes its plural (`countNoun(n, 'company', 'companies')`).
 */
export function countNoun(count: number, one: string, many = `${one}s`): string {
  return `${count} ${rules.select(count) === 'one' ? one : many}`;
}
