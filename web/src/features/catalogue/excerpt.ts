/** Plain text of rich text, cut to `max` characters (cards show 200, spec 002 §9). */
export function excerpt(html: string | null | undefined, max = 200): string {
  const text = new DOMParser().parseFromString(html ?? '', 'text/html').body.textContent ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
