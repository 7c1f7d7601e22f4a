import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_PARAMS, listQuery, type Page } from '@portal/contracts';
import type { Knex } from '@mikro-orm/knex';
import { createTestPlatform, unwiredPort, type TestPlatform } from '../testing';
import { SchemaMigration, type Em } from '../db';
import type { CataloguePort, EnrolmentPort, IdentityPort } from '../ports';
import { containsPattern, inIdOrder, listPage, mapPage, pageLink, pageOf, pageWindow, whereContains } from './list-page';

// A table of the test's own: the kit must not know any service's tables.
class CreateListItems extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('kit_list_items', (t) => {
      t.increments('id').primary();
      t.string('name', 191).notNullable();
      t.string('note', 191).nullable();
      t.integer('rank').notNullable();
    });
  }
}

const NAMES = ['50% off', '50 percent', '5050', 'a_b', 'axb', 'ab', 'a!b', 'a!!b', 'a\\b', 'Alpha one', 'ALPHA two', 'beta'];
const query = listQuery({
  sortable: ['id', 'name', 'rank'],
  defaultSort: 'id',
  defaultDir: 'asc',
  perPage: { default: 5 },
  names: { ...ADMIN_LIST_PARAMS, perPage: 'per_page' },
});

let platform: TestPlatform;
let em: Em;
type Item = { id: number; name: string; note: string | null; rank: number };

beforeAll(async () => {
  platform = await createTestPlatform({
    schemas: [{ entities: [], migrations: [{ name: '000000000001_kit_list_items', class: CreateListItems }] }],
    ports: {
      identity: () => unwiredPort<IdentityPort>('identity'),
      catalogue: () => unwiredPort<CataloguePort>('catalogue'),
      enrolment: () => unwiredPort<EnrolmentPort>('enrolment'),
    },
  });
  em = platform.orm.em.fork();
  // Two rows per rank, so a sort by rank needs the id tiebreak to be stable.
  await em
    .getKnex()('kit_list_items')
    .insert(NAMES.map((name, i) => ({ name, note: i === 0 ? 'sale' : null, rank: Math.floor(i / 2) })));
});
afterAll(() => platform.close());

const base = () => em.getKnex()('kit_list_items').select('id', 'name', 'rank');
const columns = (knex: Knex) =>
  ({ search: ['name', 'note'], sort: { id: 'id', name: knex.raw('lower(name)'), rank: 'rank' }, id: 'id' }) as const;
async function list(address: string): Promise<Page<Item>> {
  const url = `http://portal.test${address}`;
  const params = Object.fromEntries(new URL(url).searchParams);
  return listPage<Item, 'id' | 'name' | 'rank'>(base(), query.parse(params), { ...columns(em.getKnex()), url });
}
const namesOf = async (search: string) =>
  (await list(`/items?per_page=100&search=${encodeURIComponent(search)}`)).data.map((r) => r.name).sort();

describe('listPage search', () => {
  it('takes % literally: 50% finds exactly the names containing 50%', async () => {
    expect(await namesOf('50%')).toEqual(['50% off']);
  });

  it('takes _ literally: a_b matches only a literal underscore', async () => {
    expect(await namesOf('a_b')).toEqual(['a_b']);
  });

  it('finds the escape character itself, and a backslash, as plain text', async () => {
    expect(await namesOf('a!b')).toEqual(['a!b']);
    expect(await namesOf('!!')).toEqual(['a!!b']);
    expect(await namesOf('a\\b')).toEqual(['a\\b']);
  });

  it('matches case-insensitively in any of the columns', async () => {
    expect(await namesOf('alpha')).toEqual(['ALPHA two', 'Alpha one']);
    expect(await namesOf('SAL')).toEqual(['50% off']);
  });

  it('filters nothing under 2 characters', async () => {
    expect((await list('/items?search=a')).total).toBe(NAMES.length);
  });

  it('narrows an existing query with whereContains, as a picker does', async () => {
    const rows = (await whereContains(base().orderBy('id'), ['name'], '50')) as Item[];
    expect(rows.map((r) => r.name)).toEqual(['50% off', '50 percent', '5050']);
    expect(containsPattern('5!0%_')).toBe('%5!!0!%!_%');
  });
});

describe('listPage sorting and pages', () => {
  it('sorts by the whitelisted column or expression, with the id as a stable tiebreak both ways', async () => {
    const ids = (page: Page<Item>) => page.data.map((r) => Number(r.id));
    const byRankAsc = await list('/items?sortBy=rank&sortDir=asc&per_page=100');
    expect(ids(byRankAsc)).toEqual([...ids(byRankAsc)].sort((a, b) => a - b));
    const byRankDesc = await list('/items?sortBy=rank&sortDir=desc&per_page=100');
    expect(ids(byRankDesc)).toEqual([...ids(byRankAsc)].reverse());
    const byName = await list('/items?search=alpha&sortBy=name&sortDir=asc');
    expect(byName.data.map((r) => r.name)).toEqual(['Alpha one', 'ALPHA two']);
  });

  it('answers the page shape, numbering its rows, with links that keep the address', async () => {
    const first = await list('/api/items?search=a&sortBy=name');
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 5, total: NAMES.length, from: 1, to: 5, prev_page_url: null });
    expect(first.next_page_url).toBe('/api/items?search=a&sortBy=name&page=2');

    const middle = await list('/api/items?page=2&search=a&sortBy=name');
    expect(middle).toMatchObject({ current_page: 2, from: 6, to: 10 });
    expect(middle.prev_page_url).toBe('/api/items?page=1&search=a&sortBy=name');
    expect(middle.next_page_url).toBe('/api/items?page=3&search=a&sortBy=name');
  });

  it('clamps a page past the end to the last page, and below 1 to the first', async () => {
    const last = await list('/api/items?page=99');
    expect(last).toMatchObject({
      current_page: 3,
      last_page: 3,
      from: 11,
      to: 12,
      next_page_url: null,
      prev_page_url: '/api/items?page=2',
    });
    expect(last.data).toHaveLength(2);
    const empty = await list('/api/items?search=nothing-like-this&page=4');
    expect(empty).toMatchObject({
      data: [],
      current_page: 1,
      last_page: 1,
      total: 0,
      from: null,
      to: null,
      prev_page_url: null,
      next_page_url: null,
    });
    const low = await listPage<Item, 'id'>(
      base(),
      { search: null, sort: 'id', dir: 'asc', page: -3, perPage: 5 },
      { ...columns(em.getKnex()), url: '/api/items' },
    );
    expect(low.current_page).toBe(1);
  });

  it('maps a page to entities in the order of its ids', async () => {
    const page = await list('/items?sortBy=id&sortDir=desc');
    const mapped = await mapPage(page, (rows) =>
      inIdOrder(
        rows.map((r) => Number(r.id)),
        [...rows].reverse().map((r) => ({ id: Number(r.id), label: r.name.toUpperCase() })),
      ),
    );
    expect(mapped.data.map((r) => r.id)).toEqual(page.data.map((r) => Number(r.id)));
    expect(mapped).toMatchObject({ total: page.total, next_page_url: page.next_page_url });
  });

  it('numbers a page whose rows were read elsewhere as listPage does (a read model with its own count and page reads)', () => {
    const window = pageWindow(12, { page: 9, perPage: 5 });
    expect(window).toEqual({ total: 12, currentPage: 3, lastPage: 3, perPage: 5, offset: 10 });
    expect(pageOf(['k', 'l'], window, { url: '/api/reporting/enrolments?page=9&per_page=5' })).toEqual({
      data: ['k', 'l'],
      current_page: 3,
      last_page: 3,
      per_page: 5,
      total: 12,
      from: 11,
      to: 12,
      prev_page_url: '/api/reporting/enrolments?page=2&per_page=5',
      next_page_url: null,
    });
    expect(pageOf([], pageWindow(0, { page: 1, perPage: 10 }), { url: '/x' })).toMatchObject({
      current_page: 1,
      last_page: 1,
      from: null,
      to: null,
      prev_page_url: null,
      next_page_url: null,
    });
  });

  it('links relative addresses too, changing only the page', () => {
    expect(pageLink('/api/admin/users?search=50%25&sortBy=name', 3)).toBe('/api/admin/users?search=50%25&sortBy=name&page=3');
  });
});
