import type { RouteObject } from 'react-router';
import { indexPage, lazyPage, page } from './routeTable';
import { AdminGuard, AuthGuard, PendingGuard } from './guards';

/**
 * The routes of the app shell and of the admin dashboard: every page but the sign-in screens
 * (app/routes.tsx). Loaded on demand, as the first route of a page that needs them, so the
 * sign-in screens do not download this table and the preload lists of its ~110 pages.
 * Every page and layout loads on demand too (`lazyPage`).
 */
/** The tabs of a circle's page and of an event's: the same pages under either layout. */
const groupDetailTabs: RouteObject[] = [
  indexPage(() => import('../features/groups/routes/DetailOverviewPage')),
  page('people', () => import('../features/groups/routes/DetailPeoplePage')),
  page('resources', () => import('../features/content/routes/GroupResourcesPage')),
  page('posts', () => import('../features/content/routes/GroupPostsPage')),
  page('admin', () => import('../features/groups/routes/DetailAdminPage')),
];

export const shellRoutes: RouteObject[] = [
  {
    Component: lazyPage(() => import('./layouts/AppLayout')),
    children: [
      {
        // Signed-in users still missing their group profile go through the registration wizard first.
        Component: lazyPage(() => import('./RegistrationRedirect')),
        children: [
          {
            path: '',
            Component: lazyPage(() => import('../features/landing/routes/LandingPage')),
            children: [
              // The CareerGPS home (spec 002 §2 "/, /careergps, /agent").
              indexPage(() => import('../features/careergps/routes/CareerGpsHomePage'), 'HomeIndexPage'),
              {
                // The share modals over the home page (spec 002 §2); both go back to / .
                element: <AuthGuard />,
                children: [
                  page('create/post', () => import('../features/content/routes/CreateContentPage'), 'CreatePostPage'),
                  page('create/newsletter', () => import('../features/content/routes/CreateContentPage'), 'CreateNewsletterPage'),
                ],
              },
            ],
          },
        ],
      },
      page('circles', () => import('../features/circles/routes/CirclesPage')),
      page('usecase-selection', () => import('../features/circles/routes/UseCaseSelectionPage')),
      page('events', () => import('../features/events/routes/EventsPage')),
      page('jobs', () => import('../features/jobs/routes/JobsPage')),
      {
        path: 'job/:slug',
        Component: lazyPage(() => import('../features/jobs/routes/JobLayout')),
        children: [
          indexPage(() => import('../features/jobs/routes/JobOverviewPage')),
          page('people', () => import('../features/jobs/routes/JobApplicantsPage')),
          page('recommendation', () => import('../features/jobs/routes/JobRecommendationPage')),
        ],
      },
      page('ai-tools', () => import('../features/catalogue/routes/AiToolsPage')),
      page('ai-tool/:slug', () => import('../features/catalogue/routes/AiToolPage')),
      page('usecases', () => import('../features/catalogue/routes/UseCasesPage')),
      page('usecase/:slug', () => import('../features/catalogue/routes/UseCasePage')),
      page('posts', () => import('../features/content/routes/PostsFeedPage')),
      page('resourcehub', () => import('../features/content/routes/ResourceHubPage')),
      page('prompt-library/*', () => import('../features/content/routes/PromptLibraryPage')),
      page('post/:slug', () => import('../features/content/routes/ContentDetailPage')),
      page('resource/:slug', () => import('../features/content/routes/ContentDetailPage')),
      page('career-tips', () => import('../features/content/routes/CareerTipsPage')),
      page('career-tip/:slug', () => import('../features/content/routes/CareerTipPage')),
      page('newsletter/unsubscribe', () => import('../features/content/routes/UnsubscribePage')),
      page('circle-leaders', () => import('../features/leaders/routes/CircleLeadersPage')),
      page('careergps', () => import('../features/careergps/routes/CareerGpsHomePage')),
      page('agent', () => import('../features/careergps/routes/CareerGpsHomePage')),
      page('agent/:slug', () => import('../features/careergps/routes/AgentPage')),
      // CareerGPS (spec 002 §2): guests take an agent through the visitor's flow.
      page('careergps/:slug', () => import('../features/careergps/routes/AgentPage')),
      page('careergps-report/:slug', () => import('../features/careergps/routes/ReportPage')),
      page('careergps-reports', () => import('../features/careergps/routes/ReportsPage')),
      page('membership', () => import('../features/payments/routes/MembershipPage')),
      page('pricing', () => import('../features/payments/routes/MembershipPage')),
      page('payment/success', () => import('../features/payments/routes/PaymentResultPages'), 'PaymentSuccessPage'),
      page('payment/cancel', () => import('../features/payments/routes/PaymentResultPages'), 'PaymentCancelPage'),
      page('influencers', () => import('../features/influencers/routes/InfluencersPages'), 'InfluencersPage'),
      page('influential-orgs', () => import('../features/influencers/routes/InfluencersPages'), 'InfluentialOrgsPage'),
      page('terms-and-conditions', () => import('../features/legal/routes/TermsPage')),
      {
        element: <PendingGuard />,
        children: [
          page('pending', () => import('../features/auth/routes/PendingPage')),
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          page('feedback', () => import('../features/feedback/routes/FeedbackPage')),
          page('change-password', () => import('../features/auth/routes/ChangePasswordPage')),
          page('registration', () => import('../features/registration/routes/RegistrationPage')),
          page('groups/new', () => import('../features/groups/routes/GroupFormPage'), 'CreateGroupPage'),
          page('groups/:id/edit', () => import('../features/groups/routes/GroupFormPage'), 'EditGroupPage'),
          page('groups/:id/questions', () => import('../features/groups/routes/GroupQuestionsPage'), 'GroupQuestionsPage'),
          page('jobs/new', () => import('../features/jobs/routes/JobFormPage'), 'CreateJobPage'),
          page('jobs/:id/edit', () => import('../features/jobs/routes/JobFormPage'), 'EditJobPage'),
          page('jobs/:id/questions', () => import('../features/jobs/routes/JobFormPage'), 'JobQuestionsPage'),
          page('ai-tools/new', () => import('../features/catalogue/routes/AiToolFormPage'), 'NewAiToolPage'),
          page('ai-tools/:id/edit', () => import('../features/catalogue/routes/AiToolFormPage'), 'EditAiToolPage'),
          page('usecases/new', () => import('../features/catalogue/routes/UseCaseFormPage'), 'NewUseCasePage'),
          page('usecases/:id/edit', () => import('../features/catalogue/routes/UseCaseFormPage'), 'EditUseCasePage'),
          page('favorites', () => import('../features/catalogue/routes/AreaPages'), 'FavoritesPage'),
          page('favorites/:kind', () => import('../features/catalogue/routes/AreaPages'), 'FavoriteKindPage'),
          page('my', () => import('../features/catalogue/routes/AreaPages'), 'MyAreaPage'),
          page('my/:kind', () => import('../features/catalogue/routes/AreaPages'), 'MyKindPage'),
          page('resources/new', () => import('../features/content/routes/ResourceFormPage'), 'CreateResourcePage'),
          page('resources/:id/edit', () => import('../features/content/routes/ResourceFormPage'), 'EditResourcePage'),
          page('favorites/jobs', () => import('../features/jobs/routes/FavoriteJobsPage')),
          page('invitation/:id', () => import('../features/groups/routes/InvitationPage')),
          page('connect', () => import('../features/connect/routes/ConnectPage')),
          page('recommendation-package', () => import('../features/recommendationPackage/RecommendationPackagePage')),
          page('checkout/:session', () => import('../features/payments/routes/CheckoutPage')),
          page('portal-preferences', () => import('../features/preferences/routes/PortalPreferencesPage')),
          page('notification', () => import('../features/notifications/routes/NotificationsPage')),
        ],
      },
      {
        path: 'profile',
        children: [
          {
            element: <AuthGuard />,
            children: [
              indexPage(() => import('../features/profile/routes/OwnProfileRedirect')),
            ],
          },
          {
            path: ':slug',
            Component: lazyPage(() => import('../features/profile/routes/ProfileLayout')),
            children: [
              indexPage(() => import('../features/profile/routes/AboutPage')),
              page('experience', () => import('../features/profile/routes/ExperiencePage')),
              page('education', () => import('../features/profile/routes/EducationPage')),
              page('connections', () => import('../features/profile/routes/ConnectionsPage')),
              page('account', () => import('../features/profile/routes/AccountPage')),
              page('service', () => import('../features/profile/routes/ServicePage')),
              page('career-advice', () => import('../features/profile/routes/CareerAdvicePage')),
            ],
          },
        ],
      },
      {
        path: 'org/:slug',
        Component: lazyPage(() => import('../features/groups/routes/OrgLayout')),
        children: [
          indexPage(() => import('../features/groups/routes/OrgOverviewPage')),
          page('people', () => import('../features/groups/routes/OrgPeoplePage')),
          page('circles', () => import('../features/groups/routes/OrgCirclesPage')),
          page('events', () => import('../features/groups/routes/OrgEventsPage')),
          page('resources', () => import('../features/content/routes/GroupResourcesPage')),
          page('posts', () => import('../features/content/routes/GroupPostsPage')),
          page('impact', () => import('../features/groups/routes/OrgImpactPage')),
          page('donate', () => import('../features/groups/routes/OrgDonatePage')),
          page('jobs', () => import('../features/jobs/routes/OrgJobsPage')),
        ],
      },
      {
        path: 'circle/:slug',
        Component: lazyPage(() => import('../features/groups/routes/DetailLayout'), 'CircleLayout'),
        children: groupDetailTabs,
      },
      {
        path: 'event/:slug',
        Component: lazyPage(() => import('../features/groups/routes/DetailLayout'), 'EventLayout'),
        children: groupDetailTabs,
      },
      page('*', () => import('../features/errors/routes/NotFoundPage')),
    ],
  },
  {
    // The admin dashboard (spec 002 §2): its own layout and side menu, for an administrator
    // of the site's organization with the admin view selected (AdminGuard); others go to /.
    path: 'admin-dashboard',
    element: <AdminGuard />,
    children: [
      {
        Component: lazyPage(() => import('./layouts/AdminLayout')),
        children: [
          indexPage(() => import('../features/admin/routes/OverviewPage')),
          page('members', () => import('../features/admin/routes/MembersPage')),
          page('todos', () => import('../features/admin/routes/TodosPage')),
          // Community analytics (issue 33): the charts load with this page only.
          page('analytics', () => import('../features/admin/analytics/AnalyticsPage')),
          // The item tables and the feedback (features/admin/items).
          page('jobs', () => import('../features/admin/items/AdminJobsPage')),
          page('resources', () => import('../features/admin/items/AdminResourcesPage')),
          page('ai-tools', () => import('../features/admin/items/AdminAiToolsPage')),
          page('usecases', () => import('../features/admin/items/AdminUseCasesPage')),
          page('feedback', () => import('../features/admin/items/AdminFeedbackPage')),
        ],
      },
    ],
  },
];
