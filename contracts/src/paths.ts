import { scalarText } from './scalar-text';

/** `/api/x/{id}` → `/api/x/:id` for Hono. */
export function toHonoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(scalarText(value, key));
  });
}

export function pathParamNames(path: string): string[] {
  return (path.match(/\{[^}]+\}/g) ?? []).map((braced) => braced.slice(1, -1));
}
