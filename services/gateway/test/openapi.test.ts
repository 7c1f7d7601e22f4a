import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, pathParamNames } from '@portal/contracts';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';

interface Operation {
  operationId: string;
  summary: string;
  'x-service': string;
  'x-access': unknown;
  'x-tenant'?: { in: string; name: string };
  security?: unknown;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

let harness: GatewayHarness;
let document: Document;

beforeAll(async () => {
  harness = await createGatewayHarness();
  const response = await harness.client().request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  document = (await response.json()) as Document;
});
afterAll(() => harness.close());

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document open to anyone', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
  });

  it('lists exactly the routes of the table, each once under its method', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routeTable.map((route) => `${route.method} ${route.path}`).sort());
  });

  describe.each(routeTable.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    const operation = () => document.paths[route.path]![route.method.toLowerCase()]!;

    it('carries its name, owning service and access', () => {
      expect(operation().operationId).toBe(route.name);
      expect(operation().summary).toBe(route.summary);
      expect(operation()['x-service']).toBe(route.service);
      expect(operation()['x-access']).toEqual(route.access);
      const tenant =
        route.tenant && ('param' in route.tenant ? { in: 'path', name: route.tenant.param } : { in: 'body', name: route.tenant.body });
      expect(operation()['x-tenant']).toEqual(tenant);
    });

    it('documents its path parameters, body, and the 422 error shape', () => {
      const pathParams = operation().parameters.filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name)).toEqual(pathParamNames(route.path));
      expect(pathParams.every((p) => p.required)).toBe(true);
      expect(operation().requestBody !== undefined).toBe(route.body !== undefined);
      const invalid = operation().responses['422']!.content!['application/json']!.schema;
      expect(invalid.properties).toHaveProperty('message');
      expect(invalid.properties).toHaveProperty('errors');
      expect(invalid.required).toEqual(expect.arrayContaining(['message', 'errors']));
      expect(operation().responses).toHaveProperty('200');
    });

    it('documents 401 and 403 and the session cookie unless the route is public', () => {
      const responses = Object.keys(operation().responses);
      if (route.access === 'public') {
        expect(responses).not.toContain('401');
        expect(operation().security).toBeUndefined();
      } else {
        expect(responses).toEqual(expect.arrayContaining(['401', '403']));
        expect(operation().security).toEqual([{ session: [] }]);
      }
    });
  });

  it('documents the query of the verify route with its code required', () => {
    const parameters = document.paths['/api/certificates/verify']!.get!.parameters;
    expect(parameters).toEqual([expect.objectContaining({ name: 'code', in: 'query', required: true })]);
  });
});
