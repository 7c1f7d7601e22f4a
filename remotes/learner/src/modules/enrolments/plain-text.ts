/** Course descriptions are HTML written by admins; cards show them as plain text, never as markup. */
export function plainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
