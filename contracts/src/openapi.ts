import { z } from 'zod';
import { errorSchema, validationErrorSchema } from './errors';
import { pathParamNames, type AnyRoute } from './route';
import { queryShape } from './list';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

/** The OpenAPI 3.1 document, generated from the route table (served at GET /api/openapi.json). */
export function buildOpenApiDocument(routes: readonly AnyRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    const paramShape = route.params instanceof z.ZodObject ? (route.params.shape as Record<string, z.ZodType>) : {};
    for (const name of pathParamNames(route.path)) {
      parameters.push({
        name,
        in: 'path',
        required: true,
        schema: paramShape[name] ? jsonSchema(paramShape[name], 'input') : { type: 'string' },
      });
    }
    for (const [name, schema] of Object.entries(queryShape(route.query))) {
      parameters.push({ name, in: 'query', required: !schema.safeParse(undefined).success, schema: jsonSchema(schema, 'input') });
    }
    const responses: Record<string, unknown> = {
      '200':
        route.responseType === 'file'
          ? { description: 'A file download', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } },
      '422': { description: 'Invalid input', content: { 'application/json': { schema: jsonSchema(validationErrorSchema, 'output') } } },
    };
    if (route.access !== 'public') {
      responses['401'] = { description: 'No session', content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } } };
      responses['403'] = {
        description: 'Role or tenant may not',
        content: { 'application/json': { schema: jsonSchema(errorSchema, 'output') } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: route.name,
      summary: route.summary,
      tags: [route.service],
      'x-service': route.service,
      'x-access': route.access,
      parameters,
      responses,
    };
    if (route.tenant)
      operation['x-tenant'] = 'param' in route.tenant ? { in: 'path', name: route.tenant.param } : { in: 'body', name: route.tenant.body };
    if (route.access !== 'public') operation.security = [{ session: [] }];
    if (route.body) {
      const contentType = route.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
      operation.requestBody = { required: true, content: { [contentType]: { schema: jsonSchema(route.body, 'input') } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal_session' } } },
    paths,
  };
}
