// Content rules the screens apply (spec 001 §5, §6, §9; spec 002 §2, §9): limits, messages,
// the post preview cut, the URLs a post's text links to, and the form checks.

export const POST_PREVIEW_CHARS = 1200;
export const MAX_FILES = 7;
export const MAX_TOPICS = 7;
export const PAGE_SIZE_POSTS = 15;
export const PAGE_SIZE_GROUP_RESOURCES = 12;
export const PAGE_SIZE_HUB = 15;
export const SECURITY_PUBLIC = 0;
export const SECURITY_PRIVATE = 20;

export const MESSAGES = {
  required: 'Required',
  maxFiles: 'Maximum 7 files',
  oneThumbnail: 'Only 1 thumbnail image',
  maxTopics: 'You can select up to 7 topics',
  fileKind: 'Only video, image and pdf files can be attached',
  createPost: 'Could not create post',
  deletePost: 'Could not delete at this moment.',
  noPosts: 'No posts found.',
  noResources: 'No resources found',
  noPrompts: 'No prompts found',
  moderated: (action: 'approve' | 'reject') => `Resource ${action}d successfully`,
  moderateFailed: (action: 'approve' | 'reject') => `Failed to ${action} resource`,
  editFailed: 'Something went wrong',
} as const;

/** Files a post or resource may carry: video, image and pdf (spec 001 §5). */
export function acceptedFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/') || file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/** Whether the attachment list can take `adding` more files. */
export function fileLimitError(current: number, adding: number): string | null {
  return current + adding > MAX_FILES ? MESSAGES.maxFiles : null;
}

/** The text of some HTML, for counting and previews. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The first http(s) links of a text, at most `limit`, without repeats. */
export function linksIn(text: string, limit = 3): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')]+/gi) ?? [];
  const links: string[] = [];
  for (const raw of found) {
    const link = raw.replace(/[.,;:!?]+$/, '');
    if (!links.includes(link)) links.push(link);
    if (links.length >= limit) break;
  }
  return links;
}

/** Whether a post's text needs 'Show More' (spec 001 §9: cut after 1200 characters). */
export function needsShowMore(html: string): boolean {
  return textOf(html).length > POST_PREVIEW_CHARS;
}

export interface PostValues {
  content: string;
  group: number | null;
  security_level: number;
}

export function validatePost(values: PostValues): Partial<Record<keyof PostValues, string>> {
  const errors: Partial<Record<keyof PostValues, string>> = {};
  if (!textOf(values.content)) errors.content = MESSAGES.required;
  if (!values.group) errors.group = MESSAGES.required;
  return errors;
}

export interface ResourceValues {
  title: string;
  content: string;
  group: number | null;
  topics: number[];
  topic_area: number | null;
  career_stages: string[];
  security_level: number;
}

/** The contribute form requires topics, topic_area and career_stages too (spec 001 §5). */
export function validateResource(values: ResourceValues, contribute: boolean): Partial<Record<keyof ResourceValues, string>> {
  const errors: Partial<Record<keyof ResourceValues, string>> = {};
  if (!values.title.trim()) errors.title = MESSAGES.required;
  if (!textOf(values.content)) errors.content = MESSAGES.required;
  if (!values.group) errors.group = MESSAGES.required;
  if (values.topics.length > MAX_TOPICS) errors.topics = MESSAGES.maxTopics;
  if (contribute) {
    if (values.topics.length === 0) errors.topics = MESSAGES.required;
    if (!values.topic_area) errors.topic_area = MESSAGES.required;
    if (values.career_stages.length === 0) errors.career_stages = MESSAGES.required;
  }
  return errors;
}

/** `?topic_areas=1,2` (from CareerGPS) as ids. */
export function parseIds(raw: string | null): number[] {
  return (raw ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
