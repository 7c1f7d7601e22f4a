import { scalarText } from './scalar-text';

/**
 * Multipart forms name nested fields the PHP/Laravel way: `activities[0][name]`, `category_ids[]`.
 * The server reads a flat record; this turns bracketed keys into nested objects and arrays so one
 * zod schema validates the form (a numeric key makes an array, anything else an object).
 */
export function nestFormFields(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const root: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
    if (!match) {
      root[key] = value;
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i]!;
      const existing = node[segment];
      if (!existing || typeof existing !== 'object' || existing instanceof Blob) node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
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
  return Object.fromEntries(entries);
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
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) appendFormFields(form, item, prefix ? `${prefix}[${key}]` : key);
  } else {
    form.append(prefix, typeof value === 'boolean' ? (value ? '1' : '0') : scalarText(value, prefix));
  }
  return form;
}
