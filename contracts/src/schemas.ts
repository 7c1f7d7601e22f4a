/**
 * `@portal/contracts/schemas`: the zod schemas and full route definitions, for a frontend form
 * that validates with one. Import it only where the form is (a lazily loaded page): it brings zod.
 * It leaves out the API client, so ApiError stays the one class of `@portal/contracts`.
 */
export * from './roles';
export * from './errors';
export * from './route';
export * from './list';
export * from './routes/index';
