import type { RouteObject } from 'react-router';
import RouteErrorPage from './RouteErrorPage';
import PageSpinner from '../components/PageSpinner';
import { AdminGuard, AuthGuard, GuestGuard, PendingGuard, VerifyOtpGuard } from './guards';

/**
 * Only the routes this app delivers so far; every other path is the 404 page. Every page
 * and both layouts load on demand, so the first download holds only the providers, the
 * router and the guards. The router calls the `lazy` of every matched route at once, and
 * each chunk's own imports are preloaded with it, so a page's code arrives in one round.
 */
export const routes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/AppLayout')).default }),
    errorElement: <RouteErrorPage />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // Signed-in users still missing their group profile go through the registration wizard first.
        lazy: async () => ({ Component: (await import('./RegistrationRedirect')).default }),
        children: [
          {
            path: '',
            lazy: async () => ({ Component: (await import('../features/landing/routes/LandingPage')).default }),
            children: [
              {
                // The CareerGPS home (spec 002 §2 "/, /careergps, /agent").
                index: true,
                lazy: async () => ({ Component: (await import('../features/careergps/routes/CareerGpsHomePage')).HomeIndexPage }),
              },
              {
                // The share modals over the home page (spec 002 §2); both go back to / .
                element: <AuthGuard />,
                children: [
                  {
                    path: 'create/post',
                    lazy: async () => ({ Component: (await import('../features/content/routes/CreateContentPage')).CreatePostPage }),
                  },
                  {
                    path: 'create/newsletter',
                    lazy: async () => ({
                      Component: (await import('../features/content/routes/CreateContentPage')).CreateNewsletterPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: 'circles',
        lazy: async () => ({ Component: (await import('../features/circles/routes/CirclesPage')).default }),
      },
      {
        path: 'usecase-selection',
        lazy: async () => ({ Component: (await import('../features/circles/routes/UseCaseSelectionPage')).default }),
      },
      {
        path: 'events',
        lazy: async () => ({ Component: (await import('../features/events/routes/EventsPage')).default }),
      },
      {
        path: 'jobs',
        lazy: async () => ({ Component: (await import('../features/jobs/routes/JobsPage')).default }),
      },
      {
        path: 'job/:slug',
        lazy: async () => ({ Component: (await import('../features/jobs/routes/JobLayout')).default }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobOverviewPage')).default }),
          },
          {
            path: 'people',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobApplicantsPage')).default }),
          },
          {
            path: 'recommendation',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobRecommendationPage')).default }),
          },
        ],
      },
      {
        path: 'ai-tools',
        lazy: async () => ({ Component: (await import('../features/catalogue/routes/AiToolsPage')).default }),
      },
      {
        path: 'ai-tool/:slug',
        lazy: async () => ({ Component: (await import('../features/catalogue/routes/AiToolPage')).default }),
      },
      {
        path: 'usecases',
        lazy: async () => ({ Component: (await import('../features/catalogue/routes/UseCasesPage')).default }),
      },
      {
        path: 'usecase/:slug',
        lazy: async () => ({ Component: (await import('../features/catalogue/routes/UseCasePage')).default }),
      },
      {
        path: 'posts',
        lazy: async () => ({ Component: (await import('../features/content/routes/PostsFeedPage')).default }),
      },
      {
        path: 'resourcehub',
        lazy: async () => ({ Component: (await import('../features/content/routes/ResourceHubPage')).default }),
      },
      {
        path: 'prompt-library/*',
        lazy: async () => ({ Component: (await import('../features/content/routes/PromptLibraryPage')).default }),
      },
      {
        path: 'post/:slug',
        lazy: async () => ({ Component: (await import('../features/content/routes/ContentDetailPage')).default }),
      },
      {
        path: 'resource/:slug',
        lazy: async () => ({ Component: (await import('../features/content/routes/ContentDetailPage')).default }),
      },
      {
        path: 'career-tips',
        lazy: async () => ({ Component: (await import('../features/content/routes/CareerTipsPage')).default }),
      },
      {
        path: 'career-tip/:slug',
        lazy: async () => ({ Component: (await import('../features/content/routes/CareerTipPage')).default }),
      },
      {
        path: 'newsletter/unsubscribe',
        lazy: async () => ({ Component: (await import('../features/content/routes/UnsubscribePage')).default }),
      },
      {
        path: 'circle-leaders',
        lazy: async () => ({ Component: (await import('../features/leaders/routes/CircleLeadersPage')).default }),
      },
      {
        path: 'careergps',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/CareerGpsHomePage')).default }),
      },
      {
        path: 'agent',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/CareerGpsHomePage')).default }),
      },
      {
        path: 'agent/:slug',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/AgentPage')).default }),
      },
      {
        // CareerGPS (spec 002 §2): guests take an agent through the visitor's flow.
        path: 'careergps/:slug',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/AgentPage')).default }),
      },
      {
        path: 'careergps-report/:slug',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/ReportPage')).default }),
      },
      {
        path: 'careergps-reports',
        lazy: async () => ({ Component: (await import('../features/careergps/routes/ReportsPage')).default }),
      },
      {
        path: 'membership',
        lazy: async () => ({ Component: (await import('../features/payments/routes/MembershipPage')).default }),
      },
      {
        path: 'pricing',
        lazy: async () => ({ Component: (await import('../features/payments/routes/MembershipPage')).default }),
      },
      {
        path: 'payment/success',
        lazy: async () => ({ Component: (await import('../features/payments/routes/PaymentResultPages')).PaymentSuccessPage }),
      },
      {
        path: 'payment/cancel',
        lazy: async () => ({ Component: (await import('../features/payments/routes/PaymentResultPages')).PaymentCancelPage }),
      },
      {
        path: 'influencers',
        lazy: async () => ({ Component: (await import('../features/influencers/routes/InfluencersPages')).InfluencersPage }),
      },
      {
        path: 'influential-orgs',
        lazy: async () => ({ Component: (await import('../features/influencers/routes/InfluencersPages')).InfluentialOrgsPage }),
      },
      {
        path: 'terms-and-conditions',
        lazy: async () => ({ Component: (await import('../features/legal/routes/TermsPage')).default }),
      },
      {
        element: <PendingGuard />,
        children: [
          {
            path: 'pending',
            lazy: async () => ({ Component: (await import('../features/auth/routes/PendingPage')).default }),
          },
        ],
      },
      {
        element: <AuthGuard />,
        children: [
          {
            path: 'feedback',
            lazy: async () => ({ Component: (await import('../features/feedback/routes/FeedbackPage')).default }),
          },
          {
            path: 'change-password',
            lazy: async () => ({ Component: (await import('../features/auth/routes/ChangePasswordPage')).default }),
          },
          {
            path: 'registration',
            lazy: async () => ({ Component: (await import('../features/registration/routes/RegistrationPage')).default }),
          },
          {
            path: 'groups/new',
            lazy: async () => ({ Component: (await import('../features/groups/routes/GroupFormPage')).CreateGroupPage }),
          },
          {
            path: 'groups/:id/edit',
            lazy: async () => ({ Component: (await import('../features/groups/routes/GroupFormPage')).EditGroupPage }),
          },
          {
            path: 'groups/:id/questions',
            lazy: async () => ({ Component: (await import('../features/groups/routes/GroupFormPage')).GroupQuestionsPage }),
          },
          {
            path: 'jobs/new',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobFormPage')).CreateJobPage }),
          },
          {
            path: 'jobs/:id/edit',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobFormPage')).EditJobPage }),
          },
          {
            path: 'jobs/:id/questions',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/JobFormPage')).JobQuestionsPage }),
          },
          {
            path: 'ai-tools/new',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AiToolFormPage')).NewAiToolPage }),
          },
          {
            path: 'ai-tools/:id/edit',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AiToolFormPage')).EditAiToolPage }),
          },
          {
            path: 'usecases/new',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/UseCaseFormPage')).NewUseCasePage }),
          },
          {
            path: 'usecases/:id/edit',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/UseCaseFormPage')).EditUseCasePage }),
          },
          {
            path: 'favorites',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AreaPages')).FavoritesPage }),
          },
          {
            path: 'favorites/:kind',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AreaPages')).FavoriteKindPage }),
          },
          {
            path: 'my',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AreaPages')).MyAreaPage }),
          },
          {
            path: 'my/:kind',
            lazy: async () => ({ Component: (await import('../features/catalogue/routes/AreaPages')).MyKindPage }),
          },
          {
            path: 'resources/new',
            lazy: async () => ({ Component: (await import('../features/content/routes/ResourceFormPage')).CreateResourcePage }),
          },
          {
            path: 'resources/:id/edit',
            lazy: async () => ({ Component: (await import('../features/content/routes/ResourceFormPage')).EditResourcePage }),
          },
          {
            path: 'favorites/jobs',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/FavoriteJobsPage')).default }),
          },
          {
            path: 'invitation/:id',
            lazy: async () => ({ Component: (await import('../features/groups/routes/InvitationPage')).default }),
          },
          {
            path: 'connect',
            lazy: async () => ({ Component: (await import('../features/connect/routes/ConnectPage')).default }),
          },
          {
            path: 'recommendation-package',
            lazy: async () => ({
              Component: (await import('../features/recommendationPackage/RecommendationPackagePage')).default,
            }),
          },
          {
            path: 'checkout/:session',
            lazy: async () => ({ Component: (await import('../features/payments/routes/CheckoutPage')).default }),
          },
          {
            path: 'portal-preferences',
            lazy: async () => ({ Component: (await import('../features/preferences/routes/PortalPreferencesPage')).default }),
          },
          {
            path: 'notification',
            lazy: async () => ({ Component: (await import('../features/notifications/routes/NotificationsPage')).default }),
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
                lazy: async () => ({
                  Component: (await import('../features/profile/routes/OwnProfileRedirect')).default,
                }),
              },
            ],
          },
          {
            path: ':slug',
            lazy: async () => ({ Component: (await import('../features/profile/routes/ProfileLayout')).default }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/profile/routes/AboutPage')).default }),
              },
              {
                path: 'experience',
                lazy: async () => ({ Component: (await import('../features/profile/routes/ExperiencePage')).default }),
              },
              {
                path: 'education',
                lazy: async () => ({ Component: (await import('../features/profile/routes/EducationPage')).default }),
              },
              {
                path: 'connections',
                lazy: async () => ({ Component: (await import('../features/profile/routes/ConnectionsPage')).default }),
              },
              {
                path: 'account',
                lazy: async () => ({ Component: (await import('../features/profile/routes/AccountPage')).default }),
              },
              {
                path: 'service',
                lazy: async () => ({ Component: (await import('../features/profile/routes/ServicePage')).default }),
              },
              {
                path: 'career-advice',
                lazy: async () => ({
                  Component: (await import('../features/profile/routes/CareerAdvicePage')).default,
                }),
              },
            ],
          },
        ],
      },
      {
        path: 'org/:slug',
        lazy: async () => ({ Component: (await import('../features/groups/routes/OrgLayout')).default }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgOverviewPage')).default }),
          },
          {
            path: 'people',
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgPeoplePage')).default }),
          },
          {
            path: 'circles',
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgCirclesPage')).default }),
          },
          {
            path: 'events',
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgEventsPage')).default }),
          },
          {
            path: 'resources',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupResourcesPage')).default }),
          },
          {
            path: 'posts',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupPostsPage')).default }),
          },
          {
            path: 'impact',
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgImpactPage')).default }),
          },
          {
            path: 'donate',
            lazy: async () => ({ Component: (await import('../features/groups/routes/OrgDonatePage')).default }),
          },
          {
            path: 'jobs',
            lazy: async () => ({ Component: (await import('../features/jobs/routes/OrgJobsPage')).default }),
          },
        ],
      },
      {
        path: 'circle/:slug',
        lazy: async () => ({ Component: (await import('../features/groups/routes/DetailLayout')).CircleLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailOverviewPage')).default }),
          },
          {
            path: 'people',
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailPeoplePage')).default }),
          },
          {
            path: 'resources',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupResourcesPage')).default }),
          },
          {
            path: 'posts',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupPostsPage')).default }),
          },
          {
            path: 'admin',
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailAdminPage')).default }),
          },
        ],
      },
      {
        path: 'event/:slug',
        lazy: async () => ({ Component: (await import('../features/groups/routes/DetailLayout')).EventLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailOverviewPage')).default }),
          },
          {
            path: 'people',
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailPeoplePage')).default }),
          },
          {
            path: 'resources',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupResourcesPage')).default }),
          },
          {
            path: 'posts',
            lazy: async () => ({ Component: (await import('../features/content/routes/GroupPostsPage')).default }),
          },
          {
            path: 'admin',
            lazy: async () => ({ Component: (await import('../features/groups/routes/DetailAdminPage')).default }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/errors/routes/NotFoundPage')).default }),
      },
    ],
  },
  {
    // The admin dashboard (spec 002 §2): its own layout and side menu, for an administrator
    // of the site's organization with the admin view selected (AdminGuard); others go to /.
    path: 'admin-dashboard',
    element: <AdminGuard />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/AdminLayout')).default }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/admin/routes/OverviewPage')).default }),
          },
          {
            path: 'members',
            lazy: async () => ({ Component: (await import('../features/admin/routes/MembersPage')).default }),
          },
          {
            path: 'todos',
            lazy: async () => ({ Component: (await import('../features/admin/routes/TodosPage')).default }),
          },
          {
            // Community analytics (issue 33): the charts load with this page only.
            path: 'analytics',
            lazy: async () => ({ Component: (await import('../features/admin/analytics/AnalyticsPage')).default }),
          },
          // The item tables and the feedback (features/admin/items).
          {
            path: 'jobs',
            lazy: async () => ({ Component: (await import('../features/admin/items/AdminJobsPage')).default }),
          },
          {
            path: 'resources',
            lazy: async () => ({ Component: (await import('../features/admin/items/AdminResourcesPage')).default }),
          },
          {
            path: 'ai-tools',
            lazy: async () => ({ Component: (await import('../features/admin/items/AdminAiToolsPage')).default }),
          },
          {
            path: 'usecases',
            lazy: async () => ({ Component: (await import('../features/admin/items/AdminUseCasesPage')).default }),
          },
          {
            path: 'feedback',
            lazy: async () => ({ Component: (await import('../features/admin/items/AdminFeedbackPage')).default }),
          },
        ],
      },
    ],
  },
  {
    // The sign-in screens, without the side menu and the guest banner.
    lazy: async () => ({ Component: (await import('./layouts/AuthLayout')).default }),
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <GuestGuard />,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/routes/LoginPage')).default }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('../features/auth/routes/SignupPage')).default }),
          },
        ],
      },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('../features/auth/routes/ForgotPasswordPage')).default }),
      },
      {
        path: 'reset-password/:token',
        lazy: async () => ({ Component: (await import('../features/auth/routes/ResetPasswordPage')).default }),
      },
      {
        element: <VerifyOtpGuard />,
        children: [
          {
            path: 'verify-otp',
            lazy: async () => ({ Component: (await import('../features/auth/routes/VerifyOtpPage')).default }),
          },
        ],
      },
      {
        path: 'verify-email/:token?',
        lazy: async () => ({ Component: (await import('../features/auth/routes/VerifyEmailPage')).default }),
      },
      {
        path: 'linkedin',
        lazy: async () => ({ Component: (await import('../features/auth/routes/LinkedInCallbackPage')).default }),
      },
      {
        path: 'social/:provider',
        lazy: async () => ({ Component: (await import('../features/auth/routes/SocialCallbackPage')).default }),
      },
    ],
  },
];
