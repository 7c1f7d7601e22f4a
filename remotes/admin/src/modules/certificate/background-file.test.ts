import { describe, expect, it } from 'vitest';
import { backgroundFileProblem, fileSize } from './background-file';

describe('backgroundFileProblem', () => {
  it('takes PNG and JPEG up to 5 MB', () => {
    expect(backgroundFileProblem({ name: 'bg.png', type: 'image/png', size: 2048 })).toBeNull();
    expect(backgroundFileProblem({ name: 'bg.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(backgroundFileProblem({ name: 'bg.JPEG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and anything over 5 MB', () => {
    expect(backgroundFileProblem({ name: 'bg.gif', type: 'image/gif', size: 10 })).toBe('The background must be a PNG or JPEG image.');
    expect(backgroundFileProblem({ name: 'bg.pdf', type: '', size: 10 })).toBe('The background must be a PNG or JPEG image.');
    expect(backgroundFileProblem({ name: 'bg.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'The background may be at most 5 MB.',
    );
    expect(backgroundFileProblem({ name: 'bg.png', type: 'image/png', size: 0 })).toBe('Choose a PNG or JPEG image.');
  });
});

describe('fileSize', () => {
  it('reads as bytes, KB or MB', () => {
    expect(fileSize(900)).toBe('900 bytes');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
