import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as full from './index';
import * as frontend from './frontend';
import { FRONTEND_TABLE_FILE, renderFrontendTable } from './frontend-table';
import type { RouteInput, RouteOutput } from './route';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The modules a file imports for their values (type-only imports and re-exports are erased by the build). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)';/gm))
    if (!match[1]) specifiers.push(match[2]!);
  return specifiers;
}

describe("the frontends' entry (browser condition)", () => {
  it('is generated from the current route modules (`npm run generate -w @portal/contracts` when this fails)', () => {
    expect(readFileSync(FRONTEND_TABLE_FILE, 'utf8')).toBe(renderFrontendTable());
  });

  it('imports no zod, however deep', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        if (specifier.startsWith('.')) visit(join(dirname(file), `${specifier}.ts`));
        else packages.add(specifier);
      }
    };
    visit(join(SRC, 'frontend.ts'));
    expect([...packages].sort()).toEqual(['ky']);
    expect(seen.has(join(SRC, 'route.ts'))).toBe(false);
  });

  it('offers every value of the contracts except schemas and server helpers, routes as their metadata', () => {
    const serverOnly = [
      'anonymisedName',
      'bodyLimitOf',
      'buildOpenApiDocument',
      'decimal',
      'defineRoute',
      'isIdIssue',
      'issuesToFieldErrors',
      'inspectInput',
      'listQuery',
      'optionalTextField',
      'pageSchema',
      'queryShape',
      'textFieldErrors',
    ];
    // The /reporting filters' helpers read and write with their schema: the page imports them from `@portal/contracts/schemas`.
    serverOnly.push('readReportingFilters', 'reportingFilterParams', 'hasReportingFilters');
    const missing = Object.entries(full)
      .filter(([name, value]) => !(value instanceof z.ZodType) && !serverOnly.includes(name) && !(name in frontend))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    for (const route of full.routeTable) {
      const meta = (frontend.routeTable as readonly object[]).find((candidate) => (candidate as { name: string }).name === route.name);
      expect(meta).toEqual({
        name: route.name,
        method: route.method,
        path: route.path,
        ...(route.bodyType ? { bodyType: route.bodyType } : {}),
        ...(route.responseType ? { responseType: route.responseType } : {}),
      });
    }
    expect(frontend.USER_MESSAGES).toEqual(full.USER_MESSAGES);
    expect(frontend.reportGenerateRoutes['credit-usage'].path).toBe('/api/reports/credit-usage');
  });

  it('types a call of a route by its metadata exactly as by the route itself', () => {
    expectTypeOf<RouteInput<typeof frontend.userUpdate>>().toEqualTypeOf<RouteInput<typeof full.userUpdate>>();
    expectTypeOf<RouteOutput<typeof frontend.learnerDashboard>>().toEqualTypeOf<RouteOutput<typeof full.learnerDashboard>>();
    expectTypeOf<RouteInput<(typeof frontend.reportGenerateRoutes)['credit-usage']>>().toEqualTypeOf<
      RouteInput<(typeof full.reportGenerateRoutes)['credit-usage']>
    >();
  });
});

describe('ApiError', () => {
  it('is recognised across copies of the module (each frontend build bundles its own)', () => {
    const fromOtherCopy = Object.assign(new Error('x'), { [Symbol.for('@portal/contracts ApiError')]: true });
    expect(fromOtherCopy instanceof full.ApiError).toBe(true);
    expect(new full.ApiError(422, { message: 'x' }) instanceof full.ApiError).toBe(true);
    expect(new Error('x') instanceof full.ApiError).toBe(false);
    expect((null as unknown) instanceof full.ApiError).toBe(false);
  });
});
