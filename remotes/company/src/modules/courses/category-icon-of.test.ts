import { categoryIconOf } from './category-icon-of';

const SPECIAL_CATEGORY_IDS = [1, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19];

describe('categoryIconOf', () => {
  it("gives each of the spec's special categories its own drawing", () => {
    const icons = SPECIAL_CATEGORY_IDS.map(categoryIconOf);
    expect(new Set(icons).size).toBe(SPECIAL_CATEGORY_IDS.length);
    expect(icons).not.toContain('shield');
  });

  it('gives any other category the shield', () => {
    expect([2, 18, 0, -4, 20].map(categoryIconOf)).toEqual(['shield', 'shield', 'shield', 'shield', 'shield']);
  });
});
