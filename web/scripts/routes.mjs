// The routes of issue 30 and the app modules each one's router `lazy` loads (its layout and its
// page), shared by scripts/budget.mjs (the per-route JavaScript budget) and scripts/prerender.mjs
// (the modulepreload links of each prerendered page). A renamed page fails both scripts loudly.
/** The route table of every page but the sign-in screens, loaded on demand (app/routes.tsx). */
export const SHELL_ROUTES = 'src/app/shellRoutes.tsx';
export const APP = 'src/app/layouts/AppLayout.tsx';
export const AUTH = 'src/app/layouts/AuthLayout.tsx';
export const ADMIN = 'src/app/layouts/AdminLayout.tsx';
export const HOME = ['src/app/RegistrationRedirect.tsx', 'src/features/landing/routes/LandingPage.tsx', 'src/features/careergps/routes/CareerGpsHomePage.tsx'];
/** What every signed-in page loads at once besides its route: the account menu and the chat dock. */
export const SIGNED_IN = ['src/components/shell/AccountMenu.tsx', 'src/features/chat/components/ChatDock.tsx'];
/** Libraries no guest first screen may load (issue 30: charts, editors, PDF, chat). */
export const HEAVY = [/@tiptap\//, /prosemirror/, /RichTextEditorImpl/, /features\/chat\//, /pdf/i, /chart/i];

export const SIGN_IN = 150;
export const PUBLIC = 200;
export const ANY = 250;

/** The routes with a budget of their own: the guest pages of issue 30. */
export const NAMED = [
  { route: '/login', budget: SIGN_IN, modules: [AUTH, 'src/features/auth/routes/LoginPage.tsx'] },
  { route: '/signup', budget: SIGN_IN, modules: [AUTH, 'src/features/auth/routes/SignupPage.tsx'] },
  { route: '/', budget: PUBLIC, modules: [SHELL_ROUTES, APP, ...HOME] },
  { route: '/circles', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/circles/routes/CirclesPage.tsx'] },
  { route: '/events', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/events/routes/EventsPage.tsx'] },
  { route: '/jobs', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/jobs/routes/JobsPage.tsx'] },
  { route: '/resourcehub', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/ResourceHubPage.tsx'] },
  { route: '/posts', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/PostsFeedPage.tsx'] },
  { route: '/ai-tools', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/catalogue/routes/AiToolsPage.tsx'] },
  { route: '/usecases', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/catalogue/routes/UseCasesPage.tsx'] },
  { route: '/career-tips', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/CareerTipsPage.tsx'] },
  { route: '/careergps', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/careergps/routes/CareerGpsHomePage.tsx'] },
  {
    route: '/circle/:slug',
    budget: PUBLIC,
    modules: [SHELL_ROUTES, APP, 'src/features/groups/routes/DetailLayout.tsx', 'src/features/groups/routes/DetailOverviewPage.tsx'],
  },
  {
    route: '/event/:slug',
    budget: PUBLIC,
    modules: [SHELL_ROUTES, APP, 'src/features/groups/routes/DetailLayout.tsx', 'src/features/groups/routes/DetailOverviewPage.tsx'],
  },
  {
    route: '/job/:slug',
    budget: PUBLIC,
    modules: [SHELL_ROUTES, APP, 'src/features/jobs/routes/JobLayout.tsx', 'src/features/jobs/routes/JobOverviewPage.tsx'],
  },
  { route: '/post/:slug', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/ContentDetailPage.tsx'] },
  { route: '/resource/:slug', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/ContentDetailPage.tsx'] },
  { route: '/ai-tool/:slug', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/catalogue/routes/AiToolPage.tsx'] },
  { route: '/usecase/:slug', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/catalogue/routes/UseCasePage.tsx'] },
  { route: '/career-tip/:slug', budget: PUBLIC, modules: [SHELL_ROUTES, APP, 'src/features/content/routes/CareerTipPage.tsx'] },
  {
    route: '/org/:slug',
    budget: PUBLIC,
    modules: [SHELL_ROUTES, APP, 'src/features/groups/routes/OrgLayout.tsx', 'src/features/groups/routes/OrgOverviewPage.tsx'],
  },
  {
    route: '/profile/:slug',
    budget: PUBLIC,
    modules: [SHELL_ROUTES, APP, 'src/features/profile/routes/ProfileLayout.tsx', 'src/features/profile/routes/AboutPage.tsx'],
  },
];



/** The modules `path` (a route of NAMED) loads. */
export function routeModules(path) {
  const route = NAMED.find((entry) => entry.route === path);
  if (!route) throw new Error(`no route ${path} in web/scripts/routes.mjs`);
  return route.modules;
}
