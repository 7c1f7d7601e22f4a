import { scalarText } from './scalar-text';

/**
 * Name segments no request may use (issue 25): written through `node[segment]` they reach
 * Object.prototype or a constructor, whoever does the writing (a form's nesting, a dotted SCORM
 * key). A field name is split on brackets and dots: `courses[__proto__][x]`, `a.constructor.b`.
 */
export const FORBIDDEN_NAME_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const FORBIDDEN_NAME_MESSAGE = 'A field name may not use __proto__, constructor or prototype.';
// Each forbidden segment has "proto" or "constructor" in it: most names are passed without a split.
export const hasForbiddenSegment = (name: string): boolean =>
  (name.includes('proto') || name.includes('constructor')) && name.split(/[[\].]+/).some((segment) => FORBIDDEN_NAME_SEGMENTS.has(segment));

/** An object with no prototype: a key like `__proto__` is an own key there, never a way into Object.prototype. */
const bare = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/**
 * Multipart forms name nested fields the PHP/Laravel way: `activities[0][name]`, `category_ids[]`.
 * The server reads a flat record; this turns bracketed keys into nested objects and arrays so one
 * zod schema validates the form (a numeric key makes an array, anything else an object).
 * Nested values are built on null-prototype objects, and a name with a `__proto__`, `constructor`
 * or `prototype` segment is dropped whole (the binding has already refused such a request with 400).
 */
export function nestFormFields(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const root = bare();
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    // `head[a][b][last]`: the brackets before the last one name the objects on the way.
    const [, head, between, last] = /^([^[\]]+)((?:\[[^[\]]*\])*)\[([^[\]]*)\]$/.exec(key) ?? [];
    if (head === undefined || between === undefined || last === undefined) {
      if (!FORBIDDEN_NAME_SEGMENTS.has(key)) root[key] = value;
      continue;
    }
    const parents = [head, ...(between.match(/\[[^[\]]*\]/g) ?? []).map((bracket) => bracket.slice(1, -1))];
    if ([...parents, last].some((segment) => FORBIDDEN_NAME_SEGMENTS.has(segment))) continue;
    let node = root;
    for (const segment of parents) {
      const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (!existing || typeof existing !== 'object' || existing instanceof Blob) node[segment] = bare();
      node = node[segment] as Record<string, unknown>;
    }
    if (last === '') {
      // `a[]` inside a nested path: append.
      const list = Object.keys(node).length;
      node[String(list)] = value;
    } else node[last] = value;
  }
  return toArrays(root);
}

/** Objects whose keys are 0..n-1 become arrays (sorted by index). */
function toArrays(value: unknown): unknown {
  if (!value || typeof value !== 'object' || value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(toArrays);
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toArrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) && keys.length <= 10_000) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  const object = bare();
  for (const [key, item] of entries) object[key] = item;
  return object;
}

/** A form value that may arrive once (a string) or many times (an array): always a list. */
export function asList(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** Flattens `{ activities: [{ name }] }` into `activities[0][name]` entries of a FormData. */
export function appendFormFields(form: FormData, value: unknown, prefix = ''): FormData {
  if (value === undefined || value === null) return form;
  if (value instanceof Blob) {
    form.append(prefix, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => appendFormFields(form, item, `${prefix}[${index}]`));
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      appendFormFields(form, item, prefix ? `${prefix}[${key}]` : key);
  } else {
    form.append(prefix, typeof value === 'boolean' ? (value ? '1' : '0') : scalarText(value, prefix));
  }
  return form;
}
