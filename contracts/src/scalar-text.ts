/**
 * The text of one value sent in a URL path, a query string or a form field. Only scalars have
 * one: an object would go out as "[object Object]", so it is refused with the field's name.
 * Booleans become 'true'/'false' here; callers that send '1'/'0' map them first.
 */
export function scalarText(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  throw new TypeError(`${field}: expected a string, number or boolean, got ${value === null ? 'null' : typeof value}`);
}
