import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ID_MAX, idParam, isIdIssue, NUL_FILE_NAME_MESSAGE, NUL_MESSAGE, nulFieldErrors } from './route';

describe('idParam', () => {
  it('takes an id as canonical digits or a whole number from 1 to ID_MAX', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse(7)).toBe(7);
    expect(idParam.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it('refuses every other form, with an issue the binding recognises', () => {
    for (const value of ['0x1', '1e1', '01', '-1', '1.0', ' 1', '1 ', '+1', '0', '', String(ID_MAX + 1), '１', 0, -3, 1.5, ID_MAX + 1, Number.NaN, null, undefined, true, [1]]) {
      const result = idParam.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues.every(isIdIssue), JSON.stringify(value)).toBe(true);
    }
  });

  it('stays optional where a schema says so, and names the field in its message', () => {
    const schema = z.object({ page: idParam.optional() });
    expect(schema.parse({})).toEqual({});
    expect(schema.safeParse({ page: '01' }).error!.issues[0]).toMatchObject({ path: ['page'], message: 'Must be a number written as plain digits, like 12.' });
  });
});

describe('nulFieldErrors', () => {
  it('finds U+0000 in strings, keys, nested values and file names, by dotted field path', () => {
    expect(
      nulFieldErrors({
        ok: 'fine',
        title: 'a\u0000',
        'activities[0][name]': 'b\u0000',
        nested: { list: ['x', { deep: '\u0000' }] },
        'key\u0000': 1,
        file: new File(['x'], 'a\u0000.zip'),
      }),
    ).toEqual({
      title: [NUL_MESSAGE],
      'activities.0.name': [NUL_MESSAGE],
      'nested.list.1.deep': [NUL_MESSAGE],
      key: [NUL_MESSAGE],
      file: [NUL_FILE_NAME_MESSAGE],
    });
    expect(nulFieldErrors('\u0000')).toEqual({ request: [NUL_MESSAGE] });
    expect(nulFieldErrors({ a: ['b', 1, null, true], c: new File(['\u0000'], 'fine.txt') })).toEqual({});
  });

  it('walks a body nested 200,000 deep without recursion, in linear time', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    const errors = nulFieldErrors(deep);
    expect(Object.keys(errors)).toHaveLength(1);
    expect(Object.keys(errors)[0]!.split('.')).toHaveLength(200_000);
  });
});
