import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../../lib/config/appConfig';
import LandingVideo from '../components/LandingVideo';
import { isExternalUrl, landingContent } from '../content';

/** The guest landing page with the tenant's configured (or default) content. */
export default function LandingPage() {
  const { ui, organization } = useAppConfig();
  const content = landingContent(ui.landing_page_content);
  const hasVideo = Boolean(content.videoUrl);
  const cta = isExternalUrl(content.ctaUrl)
    ? { component: 'a' as const, href: content.ctaUrl }
    : { component: RouterLink, to: content.ctaUrl };

  return (
    <Box>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.light} 0%, ${theme.palette.background.default} 70%)`,
          py: { xs: 6, md: 10, xl: 12 },
        }}
      >
        <Container maxWidth="lg">
          <Stack
            direction={{ xs: 'column', md: hasVideo ? 'row' : 'column' }}
            spacing={{ xs: 5, md: 8 }}
            sx={{ alignItems: 'center' }}
          >
            <Stack
              spacing={3}
              sx={{
                flex: 1,
                minWidth: 0,
                maxWidth: hasVideo ? undefined : 800,
                alignItems: hasVideo ? 'flex-start' : { xs: 'flex-start', md: 'center' },
                textAlign: hasVideo ? 'left' : { xs: 'left', md: 'center' },
              }}
            >
              <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.2, lineHeight: 1.5 }}>
                {organization.name}
              </Typography>
              <Typography
                id="landing-title"
                variant="h2"
                component="h1"
                sx={{
                  fontWeight: 800,
                  fontSize: { xs: 34, sm: 44, lg: 56 },
                  lineHeight: 1.1,
                  letterSpacing: -1,
                  overflowWrap: 'anywhere',
                  textWrap: 'balance',
                }}
              >
                {content.title}
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, maxWidth: 640 }}>
                {content.description}
              </Typography>
              <Button
                {...cta}
                variant="contained"
                size="large"
                sx={{ px: 4, py: 1.5, borderRadius: 999, width: { xs: '100%', sm: 'auto' } }}
              >
                {content.ctaText}
              </Button>
            </Stack>
            {content.videoUrl && (
              <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
                <LandingVideo url={content.videoUrl} poster={content.videoThumbnailUrl} />
              </Box>
            )}
          </Stack>
        </Container>
      </Box>
      <Stack component="footer" spacing={1} sx={{ py: 4, px: 2, alignItems: 'center', textAlign: 'center' }}>
        <Typography color="text.secondary">{content.footerText}</Typography>
        <Link component={RouterLink} to="/terms-and-conditions" variant="body2" color="text.secondary">
          Terms and Conditions
        </Link>
      </Stack>
    </Box>
  );
}
