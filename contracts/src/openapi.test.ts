import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { routeTable } from './routes';

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(routeTable, { title: 'Portal', version: 'test' });

  it('documents every route of the table once, with its service and access', () => {
    for (const route of routeTable) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()] as Record<string, unknown> | undefined;
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!['x-service']).toBe(route.service);
      expect(operation!['x-access']).toEqual(route.access);
      expect(operation!.operationId).toBe(route.name);
    }
  });

  it('documents path parameters and the 422 shape', () => {
    const operation = document.paths['/api/company/{companyId}/dashboard']!.get as {
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'companyId', in: 'path' }));
    expect(operation.responses['422']).toBeDefined();
    expect(operation.responses['403']).toBeDefined();
  });

  it("documents a list route's query parameters under their address names", () => {
    const operation = document.paths['/api/admin/users']!.get as { parameters: { name: string; in: string }[] };
    expect(
      operation.parameters
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['page', 'search', 'sortBy', 'sortDir']);
  });
});
