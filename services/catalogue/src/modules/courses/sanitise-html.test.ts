import { describe, expect, it } from 'vitest';
import { sanitiseDescription } from './sanitise-html';

/** What the admin course form's rich-text editor sends, and what a forged request might. */
describe('sanitiseDescription', () => {
  it.each([
    [
      'keeps the editor’s formatting',
      '<h2>Why</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s></p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote>',
      '<h2>Why</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s></p><ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote>',
    ],
    ['drops a script element and its text', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['drops event handlers', '<p onclick="steal()" onmouseover="x()">Hi</p>', '<p>Hi</p>'],
    [
      'drops an image’s onerror and an unsafe source',
      '<img src="x" onerror="alert(1)"><img src="javascript:alert(1)">',
      '<img src="x" /><img />',
    ],
    [
      'drops a javascript: link but keeps its text, and makes links safe to open',
      '<a href="javascript:alert(1)">Click</a> <a href="https://example.test" target="_blank">Site</a>',
      '<a rel="noopener noreferrer">Click</a> <a href="https://example.test" target="_blank" rel="noopener noreferrer">Site</a>',
    ],
    ['drops styles and iframes', '<style>body{}</style><iframe src="https://evil.test"></iframe><p style="color:red">Hi</p>', '<p>Hi</p>'],
  ])('%s', (_, html, safe) => expect(sanitiseDescription(html)).toBe(safe));
});
