/** Routes whose pages show the right panel (spec 000 §4, 002 §2), never the package pages. */
const PANEL_PREFIXES = ['/', '/agent', '/careergps', '/circles', '/connect', '/resourcehub', '/jobs', '/events', '/ai-tools', '/usecases'];

export function showsRightPanel(pathname: string): boolean {
  if (pathname.startsWith('/recommendation-package')) return false;
  return PANEL_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
