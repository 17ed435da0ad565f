import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazyRoute';
import { AdminGuard, AuthGuard, PendingGuard } from './guards';

/**
 * The routes of the app shell and of the admin dashboard: every page but the sign-in screens
 * (app/routes.tsx). Loaded on demand, as the first route of a page that needs them, so the
 * sign-in screens do not download this table and the preload lists of its ~110 pages.
 * Every page and layout loads on demand too (`lazyRoute`).
 */
export const shellRoutes: RouteObject[] = [
  {
    Component: lazyRoute(async () => (await import('./layouts/AppLayout')).default),
    children: [
      {
        // Signed-in users still missing their group profile go through the registration wizard first.
        Component: lazyRoute(async () => (await import('./RegistrationRedirect')).default),
        children: [
          {
            path: '',
            Component: lazyRoute(async () => (await import('../features/landing/routes/LandingPage')).default),
            children: [
              {
                // The CareerGPS home (spec 002 §2 "/, /careergps, /agent").
                index: true,
                Component: lazyRoute(async () => (await import('../features/careergps/routes/CareerGpsHomePage')).HomeIndexPage),
              },
              {
                // The share modals over the home page (spec 002 §2); both go back to / .
                element: <AuthGuard />,
                children: [
                  {
                    path: 'create/post',
                    Component: lazyRoute(async () => (await import('../features/content/routes/CreateContentPage')).CreatePostPage),
                  },
                  {
                    path: 'create/newsletter',
                    Component: lazyRoute(async () => (await import('../features/content/routes/CreateContentPage')).CreateNewsletterPage),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'circles',
        Component: lazyRoute(async () => (await import('../features/circles/routes/CirclesPage')).default),
      },
      {
        path: 'usecase-selection',
        Component: lazyRoute(async () => (await import('../features/circles/routes/UseCaseSelectionPage')).default),
      },
      {
        path: 'events',
        Component: lazyRoute(async () => (await import('../features/events/routes/EventsPage')).default),
      },
      {
        path: 'jobs',
        Component: lazyRoute(async () => (await import('../features/jobs/routes/JobsPage')).default),
      },
      {
        path: 'job/:slug',
        Component: lazyRoute(async () => (await import('../features/jobs/routes/JobLayout')).default),
        children: [
          {
            index: true,
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobOverviewPage')).default),
          },
          {
            path: 'people',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobApplicantsPage')).default),
          },
          {
            path: 'recommendation',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobRecommendationPage')).default),
          },
        ],
      },
      {
        path: 'ai-tools',
        Component: lazyRoute(async () => (await import('../features/catalogue/routes/AiToolsPage')).default),
      },
      {
        path: 'ai-tool/:slug',
        Component: lazyRoute(async () => (await import('../features/catalogue/routes/AiToolPage')).default),
      },
      {
        path: 'usecases',
        Component: lazyRoute(async () => (await import('../features/catalogue/routes/UseCasesPage')).default),
      },
      {
        path: 'usecase/:slug',
        Component: lazyRoute(async () => (await import('../features/catalogue/routes/UseCasePage')).default),
      },
      {
        path: 'posts',
        Component: lazyRoute(async () => (await import('../features/content/routes/PostsFeedPage')).default),
      },
      {
        path: 'resourcehub',
        Component: lazyRoute(async () => (await import('../features/content/routes/ResourceHubPage')).default),
      },
      {
        path: 'prompt-library/*',
        Component: lazyRoute(async () => (await import('../features/content/routes/PromptLibraryPage')).default),
      },
      {
        path: 'post/:slug',
        Component: lazyRoute(async () => (await import('../features/content/routes/ContentDetailPage')).default),
      },
      {
        path: 'resource/:slug',
        Component: lazyRoute(async () => (await import('../features/content/routes/ContentDetailPage')).default),
      },
      {
        path: 'career-tips',
        Component: lazyRoute(async () => (await import('../features/content/routes/CareerTipsPage')).default),
      },
      {
        path: 'career-tip/:slug',
        Component: lazyRoute(async () => (await import('../features/content/routes/CareerTipPage')).default),
      },
      {
        path: 'newsletter/unsubscribe',
        Component: lazyRoute(async () => (await import('../features/content/routes/UnsubscribePage')).default),
      },
      {
        path: 'circle-leaders',
        Component: lazyRoute(async () => (await import('../features/leaders/routes/CircleLeadersPage')).default),
      },
      {
        path: 'careergps',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/CareerGpsHomePage')).default),
      },
      {
        path: 'agent',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/CareerGpsHomePage')).default),
      },
      {
        path: 'agent/:slug',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/AgentPage')).default),
      },
      {
        // CareerGPS (spec 002 §2): guests take an agent through the visitor's flow.
        path: 'careergps/:slug',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/AgentPage')).default),
      },
      {
        path: 'careergps-report/:slug',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/ReportPage')).default),
      },
      {
        path: 'careergps-reports',
        Component: lazyRoute(async () => (await import('../features/careergps/routes/ReportsPage')).default),
      },
      {
        path: 'membership',
        Component: lazyRoute(async () => (await import('../features/payments/routes/MembershipPage')).default),
      },
      {
        path: 'pricing',
        Component: lazyRoute(async () => (await import('../features/payments/routes/MembershipPage')).default),
      },
      {
        path: 'payment/success',
        Component: lazyRoute(async () => (await import('../features/payments/routes/PaymentResultPages')).PaymentSuccessPage),
      },
      {
        path: 'payment/cancel',
        Component: lazyRoute(async () => (await import('../features/payments/routes/PaymentResultPages')).PaymentCancelPage),
      },
      {
        path: 'influencers',
        Component: lazyRoute(async () => (await import('../features/influencers/routes/InfluencersPages')).InfluencersPage),
      },
      {
        path: 'influential-orgs',
        Component: lazyRoute(async () => (await import('../features/influencers/routes/InfluencersPages')).InfluentialOrgsPage),
      },
      {
        path: 'terms-and-conditions',
        Component: lazyRoute(async () => (await import('../features/legal/routes/TermsPage')).default),
      },
      {
        element: <PendingGuard />,
        children: [
          {
            path: 'pending',
            Component: lazyRoute(async () => (await import('../features/auth/routes/PendingPage')).default),
          },
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          {
            path: 'feedback',
            Component: lazyRoute(async () => (await import('../features/feedback/routes/FeedbackPage')).default),
          },
          {
            path: 'change-password',
            Component: lazyRoute(async () => (await import('../features/auth/routes/ChangePasswordPage')).default),
          },
          {
            path: 'registration',
            Component: lazyRoute(async () => (await import('../features/registration/routes/RegistrationPage')).default),
          },
          {
            path: 'groups/new',
            Component: lazyRoute(async () => (await import('../features/groups/routes/GroupFormPage')).CreateGroupPage),
          },
          {
            path: 'groups/:id/edit',
            Component: lazyRoute(async () => (await import('../features/groups/routes/GroupFormPage')).EditGroupPage),
          },
          {
            path: 'groups/:id/questions',
            Component: lazyRoute(async () => (await import('../features/groups/routes/GroupFormPage')).GroupQuestionsPage),
          },
          {
            path: 'jobs/new',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobFormPage')).CreateJobPage),
          },
          {
            path: 'jobs/:id/edit',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobFormPage')).EditJobPage),
          },
          {
            path: 'jobs/:id/questions',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/JobFormPage')).JobQuestionsPage),
          },
          {
            path: 'ai-tools/new',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AiToolFormPage')).NewAiToolPage),
          },
          {
            path: 'ai-tools/:id/edit',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AiToolFormPage')).EditAiToolPage),
          },
          {
            path: 'usecases/new',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/UseCaseFormPage')).NewUseCasePage),
          },
          {
            path: 'usecases/:id/edit',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/UseCaseFormPage')).EditUseCasePage),
          },
          {
            path: 'favorites',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AreaPages')).FavoritesPage),
          },
          {
            path: 'favorites/:kind',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AreaPages')).FavoriteKindPage),
          },
          {
            path: 'my',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AreaPages')).MyAreaPage),
          },
          {
            path: 'my/:kind',
            Component: lazyRoute(async () => (await import('../features/catalogue/routes/AreaPages')).MyKindPage),
          },
          {
            path: 'resources/new',
            Component: lazyRoute(async () => (await import('../features/content/routes/ResourceFormPage')).CreateResourcePage),
          },
          {
            path: 'resources/:id/edit',
            Component: lazyRoute(async () => (await import('../features/content/routes/ResourceFormPage')).EditResourcePage),
          },
          {
            path: 'favorites/jobs',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/FavoriteJobsPage')).default),
          },
          {
            path: 'invitation/:id',
            Component: lazyRoute(async () => (await import('../features/groups/routes/InvitationPage')).default),
          },
          {
            path: 'connect',
            Component: lazyRoute(async () => (await import('../features/connect/routes/ConnectPage')).default),
          },
          {
            path: 'recommendation-package',
            Component: lazyRoute(async () => (await import('../features/recommendationPackage/RecommendationPackagePage')).default),
          },
          {
            path: 'checkout/:session',
            Component: lazyRoute(async () => (await import('../features/payments/routes/CheckoutPage')).default),
          },
          {
            path: 'portal-preferences',
            Component: lazyRoute(async () => (await import('../features/preferences/routes/PortalPreferencesPage')).default),
          },
          {
            path: 'notification',
            Component: lazyRoute(async () => (await import('../features/notifications/routes/NotificationsPage')).default),
          },
        ],
      },
      {
        path: 'profile',
        children: [
          {
            element: <AuthGuard />,
            children: [
              {
                index: true,
                Component: lazyRoute(async () => (await import('../features/profile/routes/OwnProfileRedirect')).default),
              },
            ],
          },
          {
            path: ':slug',
            Component: lazyRoute(async () => (await import('../features/profile/routes/ProfileLayout')).default),
            children: [
              {
                index: true,
                Component: lazyRoute(async () => (await import('../features/profile/routes/AboutPage')).default),
              },
              {
                path: 'experience',
                Component: lazyRoute(async () => (await import('../features/profile/routes/ExperiencePage')).default),
              },
              {
                path: 'education',
                Component: lazyRoute(async () => (await import('../features/profile/routes/EducationPage')).default),
              },
              {
                path: 'connections',
                Component: lazyRoute(async () => (await import('../features/profile/routes/ConnectionsPage')).default),
              },
              {
                path: 'account',
                Component: lazyRoute(async () => (await import('../features/profile/routes/AccountPage')).default),
              },
              {
                path: 'service',
                Component: lazyRoute(async () => (await import('../features/profile/routes/ServicePage')).default),
              },
              {
                path: 'career-advice',
                Component: lazyRoute(async () => (await import('../features/profile/routes/CareerAdvicePage')).default),
              },
            ],
          },
        ],
      },
      {
        path: 'org/:slug',
        Component: lazyRoute(async () => (await import('../features/groups/routes/OrgLayout')).default),
        children: [
          {
            index: true,
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgOverviewPage')).default),
          },
          {
            path: 'people',
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgPeoplePage')).default),
          },
          {
            path: 'circles',
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgCirclesPage')).default),
          },
          {
            path: 'events',
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgEventsPage')).default),
          },
          {
            path: 'resources',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupResourcesPage')).default),
          },
          {
            path: 'posts',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupPostsPage')).default),
          },
          {
            path: 'impact',
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgImpactPage')).default),
          },
          {
            path: 'donate',
            Component: lazyRoute(async () => (await import('../features/groups/routes/OrgDonatePage')).default),
          },
          {
            path: 'jobs',
            Component: lazyRoute(async () => (await import('../features/jobs/routes/OrgJobsPage')).default),
          },
        ],
      },
      {
        path: 'circle/:slug',
        Component: lazyRoute(async () => (await import('../features/groups/routes/DetailLayout')).CircleLayout),
        children: [
          {
            index: true,
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailOverviewPage')).default),
          },
          {
            path: 'people',
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailPeoplePage')).default),
          },
          {
            path: 'resources',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupResourcesPage')).default),
          },
          {
            path: 'posts',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupPostsPage')).default),
          },
          {
            path: 'admin',
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailAdminPage')).default),
          },
        ],
      },
      {
        path: 'event/:slug',
        Component: lazyRoute(async () => (await import('../features/groups/routes/DetailLayout')).EventLayout),
        children: [
          {
            index: true,
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailOverviewPage')).default),
          },
          {
            path: 'people',
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailPeoplePage')).default),
          },
          {
            path: 'resources',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupResourcesPage')).default),
          },
          {
            path: 'posts',
            Component: lazyRoute(async () => (await import('../features/content/routes/GroupPostsPage')).default),
          },
          {
            path: 'admin',
            Component: lazyRoute(async () => (await import('../features/groups/routes/DetailAdminPage')).default),
          },
        ],
      },
      {
        path: '*',
        Component: lazyRoute(async () => (await import('../features/errors/routes/NotFoundPage')).default),
      },
    ],
  },
  {
    // The admin dashboard (spec 002 §2): its own layout and side menu, for an administrator
    // of the site's organization with the admin view selected (AdminGuard); others go to /.
    path: 'admin-dashboard',
    element: <AdminGuard />,
    children: [
      {
        Component: lazyRoute(async () => (await import('./layouts/AdminLayout')).default),
        children: [
          {
            index: true,
            Component: lazyRoute(async () => (await import('../features/admin/routes/OverviewPage')).default),
          },
          {
            path: 'members',
            Component: lazyRoute(async () => (await import('../features/admin/routes/MembersPage')).default),
          },
          {
            path: 'todos',
            Component: lazyRoute(async () => (await import('../features/admin/routes/TodosPage')).default),
          },
          {
            // Community analytics (issue 33): the charts load with this page only.
            path: 'analytics',
            Component: lazyRoute(async () => (await import('../features/admin/analytics/AnalyticsPage')).default),
          },
          // The item tables and the feedback (features/admin/items).
          {
            path: 'jobs',
            Component: lazyRoute(async () => (await import('../features/admin/items/AdminJobsPage')).default),
          },
          {
            path: 'resources',
            Component: lazyRoute(async () => (await import('../features/admin/items/AdminResourcesPage')).default),
          },
          {
            path: 'ai-tools',
            Component: lazyRoute(async () => (await import('../features/admin/items/AdminAiToolsPage')).default),
          },
          {
            path: 'usecases',
            Component: lazyRoute(async () => (await import('../features/admin/items/AdminUseCasesPage')).default),
          },
          {
            path: 'feedback',
            Component: lazyRoute(async () => (await import('../features/admin/items/AdminFeedbackPage')).default),
          },
        ],
      },
    ],
  },
];
