/**
 * `@portal/contracts` in a browser build (the `browser` condition of package.json): everything the
 * frontends call and show, without zod. Routes are their metadata (src/generated/frontend-table.ts),
 * typed by the full definitions, so `api.call(route, input)` type-checks exactly as on the server.
 * Every type of the contracts is here; a schema is a type only: a form that validates with one
 * imports it from `@portal/contracts/schemas`, inside the lazily loaded page that uses it.
 * (decisions.md "Frontends call routes by their metadata")
 */
export * from './client';
export * from './constants';
export * from './form-fields';
export * from './paths';
export * from './scalar-text';
export * from './scorm-answers';
export * from './texts';
export * from './generated/frontend-table';
