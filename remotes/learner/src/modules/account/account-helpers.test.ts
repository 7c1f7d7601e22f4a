import { describe, expect, it } from 'vitest';
import { copyText } from './copy-text';
import { certificateStateLabel, signInMethodLabel } from './labels';

describe('copyText', () => {
  it('says Copied! once the clipboard took the text', async () => {
    const written: string[] = [];
    expect(await copyText('ABC123', { writeText: (t) => Promise.resolve(void written.push(t)) })).toBe('Copied!');
    expect(written).toEqual(['ABC123']);
  });

  it('says Could not copy when the clipboard refuses or is missing', async () => {
    expect(await copyText('ABC123', { writeText: () => Promise.reject(new Error('denied')) })).toBe('Could not copy');
    expect(await copyText('ABC123', undefined)).toBe('Could not copy');
  });
});

describe('labels', () => {
  it('names every certificate state and sign-in method', () => {
    expect(certificateStateLabel('expiring-soon')).toBe('Expiring soon');
    expect(certificateStateLabel('superseded')).toBe('Superseded');
    expect(certificateStateLabel('revoked')).toBe('Revoked');
    expect(signInMethodLabel('login_code')).toBe('Login code');
    expect(signInMethodLabel('login_link')).toBe('Emailed sign-in link');
  });
});
