/** Paths the portal shell does not own: the server or the public shell answers them. */
const FULL_NAVIGATION_PATHS = ['/logout', '/login', '/verify', '/password', '/api', '/remotes', '/shells'];

export function isFullNavigation(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  const path = href.split(/[?#]/, 1)[0] ?? href;
  return FULL_NAVIGATION_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
