// The service form (docs/decisions.md "User services"): title required, description rich text
// of at most 400 words, an optional http(s) link.
import { z } from 'zod/mini';
import { countWords, isEmptyRichText } from '../../../../components/profileForm/richText';
import type { ServiceBody } from '../../api/services';
import type { UserService } from '../../api/types';

export const SERVICE_DESCRIPTION_WORDS = 400;

export const serviceSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'Required')),
  description: z.string().check(z.refine((html) => countWords(html) <= SERVICE_DESCRIPTION_WORDS, 'Maximum 400 words')),
  url: z
    .string()
    .check(z.trim(), z.refine((text) => text === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(text), 'Enter a valid URL.')),
});
export type ServiceValues = z.infer<typeof serviceSchema>;

export function serviceValues(service: UserService | null): ServiceValues {
  return { title: service?.title ?? '', description: service?.description ?? '', url: service?.url ?? '' };
}

export function toServiceBody(values: ServiceValues): ServiceBody {
  return {
    title: values.title.trim(),
    description: isEmptyRichText(values.description) ? null : values.description,
    url: values.url.trim() || null,
  };
}
