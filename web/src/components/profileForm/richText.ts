// Counting the text of rich-text (HTML) values: limits count words or characters without markup.

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of an HTML fragment: tags become spaces, the common entities their characters. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export function countWords(html: string | null | undefined): number {
  const text = plainText(html);
  return text ? text.split(' ').length : 0;
}

/** Characters of text after stripping markup (the spec's career_advice limit). */
export function countCharacters(html: string | null | undefined): number {
  return plainText(html).length;
}

/** True for an editor value with no text (an empty editor holds `<p></p>`). */
export function isEmptyRichText(html: string | null | undefined): boolean {
  return plainText(html) === '';
}
