import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_LIST_PARAMS, listQuery, pageSchema, queryShape, REPORTING_LIST_PARAMS, type ListQuery, type Page } from './list';
import { type adminUsers, type listCourses } from './routes';

const admin = listQuery({
  sortable: ['id', 'name'],
  defaultSort: 'id',
  defaultDir: 'desc',
  perPage: { default: 15 },
  names: ADMIN_LIST_PARAMS,
});
const reporting = listQuery({
  sortable: ['name', 'status'],
  defaultSort: 'name',
  defaultDir: 'asc',
  perPage: { default: 10, max: 50 },
  names: REPORTING_LIST_PARAMS,
  filters: { status: z.enum(['passed', 'failed']).optional() },
});

describe('listQuery', () => {
  it('parses either naming into one shape, with the defaults', () => {
    expect(admin.parse({})).toEqual({ search: null, sort: 'id', dir: 'desc', page: 1, perPage: 15 });
    expect(admin.parse({ search: '  ladder ', sortBy: 'name', sortDir: 'desc', page: '3' })).toEqual({
      search: 'ladder',
      sort: 'name',
      dir: 'desc',
      page: 3,
      perPage: 15,
    });
    expect(reporting.parse({ search: 'ab', order_by: 'status', order_dir: 'desc', per_page: '25', page: '2', status: 'passed' })).toEqual({
      search: 'ab',
      sort: 'status',
      dir: 'desc',
      page: 2,
      perPage: 25,
      status: 'passed',
    });
  });

  it('sorts a named column ascending unless told otherwise', () => {
    expect(admin.parse({ sortBy: 'name' })).toMatchObject({ sort: 'name', dir: 'asc' });
  });

  it('searches only from 2 characters, and at most 191', () => {
    expect(admin.parse({ search: 'a' }).search).toBeNull();
    expect(admin.parse({ search: ' a ' }).search).toBeNull();
    expect(admin.parse({ search: '50%' }).search).toBe('50%');
    expect(admin.safeParse({ search: 'x'.repeat(191) }).success).toBe(true);
    expect(admin.safeParse({ search: 'x'.repeat(192) }).success).toBe(false);
  });

  it('refuses unknown sort keys, directions, pages, page sizes and parameters', () => {
    for (const bad of [
      { sortBy: 'password' },
      { sortDir: 'up' },
      { page: '0' },
      { page: '1.5' },
      { page: 'x' },
      { per_page: '10' },
      { order_by: 'name' },
    ]) {
      expect(admin.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of [{ per_page: '0' }, { per_page: '51' }, { sortBy: 'name' }, { status: 'unknown' }]) {
      expect(reporting.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('types the address by its names and the parsed query by one shape', () => {
    expectTypeOf<z.input<typeof admin>>().toEqualTypeOf<{
      search?: string | undefined;
      sortBy?: 'id' | 'name' | undefined;
      sortDir?: 'asc' | 'desc' | undefined;
      page?: unknown;
    }>();
    expectTypeOf<z.output<typeof admin>>().toExtend<ListQuery<'id' | 'name'>>();
    expectTypeOf<z.output<typeof reporting>>().toExtend<ListQuery<'name' | 'status'> & { status?: 'passed' | 'failed' | undefined }>();
    expectTypeOf<z.input<typeof reporting>>().toHaveProperty('per_page');
    expectTypeOf<z.input<typeof reporting>>().toHaveProperty('order_dir');
    expectTypeOf<z.input<NonNullable<typeof listCourses.query>>>().toHaveProperty('category_id');
    expectTypeOf<z.output<NonNullable<typeof adminUsers.query>>['sort']>().toEqualTypeOf<
      'id' | 'name' | 'email' | 'role' | 'company' | 'created_at'
    >();
  });

  it('shows its address fields to OpenAPI and the bad-input tests', () => {
    expect(Object.keys(queryShape(admin)).sort()).toEqual(['page', 'search', 'sortBy', 'sortDir']);
    expect(Object.keys(queryShape(reporting)).sort()).toEqual(['order_by', 'order_dir', 'page', 'per_page', 'search', 'status']);
  });
});

describe('pageSchema', () => {
  it('is the Page type', () => {
    expectTypeOf<z.output<ReturnType<typeof pageSchema<z.ZodNumber>>>>().toEqualTypeOf<Page<number>>();
    const page: Page<number> = {
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 0,
      from: null,
      to: null,
      prev_page_url: null,
      next_page_url: null,
    };
    expect(pageSchema(z.number()).parse(page)).toEqual(page);
  });
});
