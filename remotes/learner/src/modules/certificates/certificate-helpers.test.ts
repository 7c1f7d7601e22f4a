import { describe, expect, it } from 'vitest';
import { emailFieldMessages, recipientsSummary, splitEmailList } from './email-list';
import { historyLine } from './history-line';
import { canShareLink, shareLink, verifyLink } from './share-link';

describe('verifyLink', () => {
  it('is the /verify address with the code, as the QR code prints it', () => {
    expect(verifyLink('ABCD-EFGH 1', 'https://portal.test')).toBe('https://portal.test/verify?code=ABCD-EFGH%201');
  });
});

describe('shareLink', () => {
  const data = { title: 'Certificate', text: 'My certificate', url: 'https://portal.test/verify?code=X' };

  it('is offered only where the browser has a share sheet', () => {
    expect(canShareLink(undefined)).toBe(false);
    expect(canShareLink({})).toBe(false);
    expect(canShareLink({ share: () => Promise.resolve() })).toBe(true);
  });

  it('shares the link, and tells a closed sheet from a failure', async () => {
    const shared: unknown[] = [];
    expect(await shareLink(data, { share: (d) => Promise.resolve(void shared.push(d)) })).toBe('shared');
    expect(shared).toEqual([data]);
    expect(await shareLink(data, { share: () => Promise.reject(new DOMException('closed', 'AbortError')) })).toBe('cancelled');
    expect(await shareLink(data, { share: () => Promise.reject(new DOMException('no', 'NotAllowedError')) })).toBe('failed');
    expect(await shareLink(data, { share: () => Promise.resolve(), canShare: () => false })).toBe('failed');
    expect(await shareLink(data, undefined)).toBe('failed');
  });
});

describe('splitEmailList', () => {
  it('splits at commas, trims, drops blanks and repeats', () => {
    expect(splitEmailList(' a@x.test, b@x.test ,,A@x.test; c@x.test ')).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(splitEmailList('  ')).toEqual([]);
  });

  it('summarises the recipients', () => {
    expect(recipientsSummary([])).toBe('No addresses yet');
    expect(recipientsSummary(['a@x.test'])).toBe('To a@x.test');
    expect(recipientsSummary(['a@x.test', 'b@x.test'])).toBe('To 2 addresses');
  });
});

describe('emailFieldMessages', () => {
  it('gathers the email errors, naming the address a per-address error is about', () => {
    const addresses = ['good@x.test', 'bad'];
    expect(
      emailFieldMessages({ email: ['Enter at least one address.'], 'email.1': ['Enter a valid email address.'], name: ['x'] }, addresses),
    ).toEqual(['Enter at least one address.', 'bad: Enter a valid email address.']);
    expect(emailFieldMessages({ 'email.0': ['bad is not a valid email address.'] }, ['bad'])).toEqual([
      'bad is not a valid email address.',
    ]);
  });
});

describe('historyLine', () => {
  const base = { issued_at: '2021-02-03T00:00:00.000Z', expires_at: '2024-02-03T00:00:00.000Z', revoked_at: null, superseded_at: null };
  it('tells each state with its dates, en-GB', () => {
    expect(historyLine({ ...base, status: 'valid' })).toBe('Passed 03/02/2021, expires 03/02/2024');
    expect(historyLine({ ...base, status: 'expired' })).toBe('Passed 03/02/2021, expired 03/02/2024');
    expect(historyLine({ ...base, status: 'revoked', revoked_at: '2022-01-01T10:00:00.000Z' })).toBe(
      'Passed 03/02/2021, expires 03/02/2024, revoked 01/01/2022',
    );
    expect(historyLine({ ...base, expires_at: null, status: 'superseded', superseded_at: '2023-05-06T00:00:00.000Z' })).toBe(
      'Passed 03/02/2021, replaced 06/05/2023',
    );
  });
});
