/** The part of the address after /{kind}/{slug}/ ('' for the first tab). */
export function subPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').slice(3).join('/');
}
