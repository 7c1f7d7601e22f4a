import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasForbiddenSegment, nestFormFields } from './form-fields';

const HOSTILE_NAMES = [
  'courses[__proto__][xsrf]',
  'courses[__proto__][force]',
  'activities[__proto__][name]',
  '__proto__[polluted]',
  'a[constructor][prototype][polluted]',
  'a[0][constructor][prototype][polluted]',
  'constructor[prototype][polluted]',
  '__proto__',
];

/** Every own key of Object.prototype that a test might have put there. */
const pollution = () => ['xsrf', 'force', 'name', 'polluted'].filter((key) => Object.hasOwn(Object.prototype, key));

afterEach(() => {
  // Clean up even when a check fails, so one failure does not spread to every later test of the file.
  for (const key of pollution()) delete (Object.prototype as Record<string, unknown>)[key];
});

describe('nestFormFields', () => {
  it('never writes through __proto__, constructor or prototype, and drops such names whole', () => {
    for (const name of HOSTILE_NAMES) {
      const nested = nestFormFields({ [name]: 'launch-token', ok: '1' }) as Record<string, unknown>;
      expect(pollution(), name).toEqual([]);
      expect(Object.keys(nested), name).toEqual(['ok']);
      expect(({} as Record<string, unknown>).xsrf, name).toBeUndefined();
    }
  });

  it('builds nested values on null-prototype objects, which zod still takes', () => {
    const nested = nestFormFields({
      'activities[0][name]': 'First',
      'activities[1][name]': 'Second',
      'meta[colour]': 'red',
      ids: ['1', '2'],
    }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(nested)).toBeNull();
    expect(Object.getPrototypeOf(nested.meta)).toBeNull();
    const schema = z.object({
      activities: z.array(z.object({ name: z.string() })),
      meta: z.object({ colour: z.string() }),
      ids: z.array(z.string()),
    });
    expect(schema.parse(nested)).toEqual({ activities: [{ name: 'First' }, { name: 'Second' }], meta: { colour: 'red' }, ids: ['1', '2'] });
  });
});

describe('hasForbiddenSegment', () => {
  it('finds the segments in bracketed and dotted names, and nothing in ordinary ones', () => {
    for (const name of [...HOSTILE_NAMES, 'cmi.objectives.0.__proto__.x', 'a.prototype', 'constructor'])
      expect(hasForbiddenSegment(name), name).toBe(true);
    for (const name of ['courses[]', 'activities[0][name]', 'cmi.core.lesson_status', 'proto', '__proto', 'constructors', 'my_prototype'])
      expect(hasForbiddenSegment(name), name).toBe(false);
  });
});
