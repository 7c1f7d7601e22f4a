import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decimal,
  ID_MAX,
  idParam,
  inspectInput,
  isIdIssue,
  LONE_SURROGATE_MESSAGE,
  NUL_FILE_NAME_MESSAGE,
  NUL_MESSAGE,
  textFieldErrors,
} from './route';

describe('idParam', () => {
  it('takes an id as canonical digits or a whole number from 1 to ID_MAX', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse(7)).toBe(7);
    expect(idParam.parse(String(ID_MAX))).toBe(ID_MAX);
  });

  it('refuses every other form, with an issue the binding recognises', () => {
    for (const value of [
      '0x1',
      '1e1',
      '01',
      '-1',
      '1.0',
      ' 1',
      '1 ',
      '+1',
      '0',
      '',
      String(ID_MAX + 1),
      '１',
      0,
      -3,
      1.5,
      ID_MAX + 1,
      Number.NaN,
      null,
      undefined,
      true,
      [1],
    ]) {
      const result = idParam.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error!.issues.every(isIdIssue), JSON.stringify(value)).toBe(true);
    }
  });

  it('stays optional where a schema says so, and names the field in its message', () => {
    const schema = z.object({ page: idParam.optional() });
    expect(schema.parse({})).toEqual({});
    expect(schema.safeParse({ page: '01' }).error!.issues[0]).toMatchObject({
      path: ['page'],
      message: 'Must be a number written as plain digits, like 12.',
    });
  });
});

describe('textFieldErrors', () => {
  it('finds U+0000 in strings, keys, nested values and file names, by dotted field path', () => {
    expect(
      textFieldErrors({
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
    expect(textFieldErrors('\u0000')).toEqual({ request: [NUL_MESSAGE] });
    expect(textFieldErrors({ a: ['b', 1, null, true], c: new File(['\u0000'], 'fine.txt') })).toEqual({});
  });

  it('finds lone surrogates (either half, alone or reversed) in strings and keys, and takes whole pairs', () => {
    expect(
      textFieldErrors({
        high: 'a\ud800b',
        low: '\udc00',
        reversed: '\udc00\ud800',
        end: 'x\ud83d',
        'key\ud800': 'fine',
        pair: 'a \ud83d\ude00 smile',
        ascii: 'plain',
      }),
    ).toEqual({
      high: [LONE_SURROGATE_MESSAGE],
      low: [LONE_SURROGATE_MESSAGE],
      reversed: [LONE_SURROGATE_MESSAGE],
      end: [LONE_SURROGATE_MESSAGE],
      'key\ud800': [LONE_SURROGATE_MESSAGE],
    });
  });

  it('walks a body nested 200,000 deep without recursion, in linear time', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    const errors = textFieldErrors(deep);
    expect(Object.keys(errors)).toHaveLength(1);
    expect(Object.keys(errors)[0]!.split('.')).toHaveLength(200_000);
  });
});

describe('inspectInput', () => {
  it('names the first key with a __proto__, constructor or prototype segment, at any depth, bracketed or dotted', () => {
    expect(inspectInput(JSON.parse('{"a":{"__proto__":{"xsrf":"launch-token"}}}')).forbiddenKey).toBe('__proto__');
    expect(inspectInput({ 'courses[__proto__][force]': '1' }).forbiddenKey).toBe('courses[__proto__][force]');
    expect(inspectInput({ cmi: { 'cmi.objectives.0.constructor.prototype.x': 'y' } }).forbiddenKey).toBe(
      'cmi.objectives.0.constructor.prototype.x',
    );
    expect(inspectInput([{ ok: 1 }, { prototype: 1 }]).forbiddenKey).toBe('prototype');
    expect(inspectInput({ proto: 1, 'activities[0][name]': 'x', list: ['__proto__'] }).forbiddenKey).toBeNull();
  });
});

describe('decimal', () => {
  const schema = z.object({ n: decimal(z.number({ error: 'A number, please.' }).int().min(-5)) });
  it('takes JSON numbers and canonical decimal text', () => {
    for (const [given, taken] of [
      [12, 12],
      ['12', 12],
      ['0', 0],
      ['-3', -3],
      [0, 0],
      [' 7 ', 7],
    ] as const)
      expect(schema.parse({ n: given }), String(given)).toEqual({ n: taken });
  });
  it('refuses hex, exponents, fractions, leading zeros, spaces, blanks and booleans, which z.coerce.number took', () => {
    for (const given of ['0x10', '0X5', '1e3', '1E1', '1.0', '012', '-0', ' 0x1 ', '', '  ', '+1', 'Infinity', true, false, null, [1]]) {
      const result = schema.safeParse({ n: given });
      expect(result.success, JSON.stringify(given)).toBe(false);
    }
  });
});
