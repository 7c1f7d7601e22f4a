import { rowActions } from './row-actions';

const none = { edit: false, remind: false, delete: false, view_certificate: false, re_enrol: false };

describe('row actions by status', () => {
  it.each([
    ['not started', { ...none, edit: true, remind: true, delete: true }, ['edit', 'remind']],
    ['in progress', none, []],
    ['failed', none, []],
    ['passed, valid for long', { ...none, view_certificate: true }, ['certificate']],
    ['passed, expiring within 7 days', { ...none, view_certificate: true, re_enrol: true }, ['certificate', 're-enrol']],
    ['passed, expired', { ...none, re_enrol: true }, ['re-enrol']],
  ] as const)('%s', (_, actions, expected) => {
    expect(rowActions(actions)).toEqual(expected);
  });
});
