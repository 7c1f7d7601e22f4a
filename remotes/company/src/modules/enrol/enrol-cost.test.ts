import { creditCheck, enrolmentCost } from './enrol-cost';

const COURSES = [
  { id: 1, credit_cost: 1 },
  { id: 2, credit_cost: 2 },
  { id: 3, credit_cost: 5 },
];

describe('enrolmentCost', () => {
  it.each([
    ['one course, one learner', [2], 1, 2],
    ['two courses, three learners', [1, 3], 3, 18],
    ['every course when none is chosen', [], 2, 16],
    ['no learners costs nothing', [1, 2], 0, 0],
    ['a chosen id the list lacks adds nothing', [2, 99], 4, 8],
    ['a repeated id counts once', [3, 3], 1, 5],
  ] as const)('%s', (_, chosen, learners, cost) => {
    expect(enrolmentCost(COURSES, chosen, learners)).toBe(cost);
  });

  it('costs nothing when there are no courses at all', () => {
    expect(enrolmentCost([], [], 10)).toBe(0);
  });
});

describe('creditCheck', () => {
  it.each([
    [40, 10, 30, true],
    [10, 10, 0, true],
    [9, 10, -1, false],
    [0, 0, 0, true],
  ])('a balance of %i against a cost of %i leaves %i (enough: %s)', (available, cost, after, isEnough) => {
    expect(creditCheck(available, cost)).toEqual({ after, isEnough });
  });
});
