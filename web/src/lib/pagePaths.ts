// The page an item opens, by its type (spec 000 §2 route table): people, circles, events,
// jobs, organizations and institutions, AI tools, use cases and career tips.
const PAGES: Record<string, string> = {
  user: '/profile/',
  circle: '/circle/',
  event: '/event/',
  job: '/job/',
  organization: '/org/',
  institution: '/org/',
  ai_tool: '/ai-tool/',
  use_case: '/usecase/',
  career_tip: '/career-tip/',
};

/** The page of the item of `type` with `slug`, or null for a type without its own page. */
export function pagePath(type: string, slug: string): string | null {
  const prefix = PAGES[type];
  return prefix ? `${prefix}${encodeURIComponent(slug)}` : null;
}
