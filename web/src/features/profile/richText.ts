import { isEmptyRichText } from '../../components/profileForm/richText';

/** Whether rich text holds any words (markup with no text counts as empty). */
export function hasText(html: string | null | undefined): html is string {
  return Boolean(html) && !isEmptyRichText(html);
}
