import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../lib/config/appConfig';
import LandingVideo from './LandingVideo';
import { isExternalUrl, landingContent } from './content';

/**
 * The landing hero with the tenant's configured (or default) content: the landing page's
 * top, and the left half of the login screen (`aside`: stacked, without the call to action).
 */
export default function LandingHero({ aside = false }: { aside?: boolean }) {
  const { ui, organization } = useAppConfig();
  const content = landingContent(ui.landing_page_content);
  const hasVideo = Boolean(content.videoUrl);
  const sideBySide = hasVideo && !aside;
  const cta = isExternalUrl(content.ctaUrl)
    ? { component: 'a' as const, href: content.ctaUrl }
    : { component: RouterLink, to: content.ctaUrl };

  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      sx={{
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.light} 0%, ${theme.palette.background.default} 70%)`,
        py: aside ? { md: 6, xl: 8 } : { xs: 6, md: 10, xl: 12 },
        height: aside ? '100%' : undefined,
        display: aside ? 'flex' : undefined,
        alignItems: aside ? 'center' : undefined,
      }}
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: sideBySide ? 'row' : 'column' }} spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center' }}>
          <Stack
            spacing={3}
            sx={{
              flex: 1,
              minWidth: 0,
              maxWidth: hasVideo ? undefined : 800,
              alignItems: hasVideo || aside ? 'flex-start' : { xs: 'flex-start', md: 'center' },
              textAlign: hasVideo || aside ? 'left' : { xs: 'left', md: 'center' },
            }}
          >
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1.2, lineHeight: 1.5 }}>
              {organization.name}
            </Typography>
            <Typography
              id="landing-title"
              variant="h2"
              component={aside ? 'h2' : 'h1'}
              sx={{
                fontWeight: 800,
                fontSize: aside ? { md: 32, lg: 40, xl: 48 } : { xs: 34, sm: 44, lg: 56 },
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
            {!aside && (
              <Button
                {...cta}
                variant="contained"
                size="large"
                sx={{ px: 4, py: 1.5, borderRadius: 999, width: { xs: '100%', sm: 'auto' } }}
              >
                {content.ctaText}
              </Button>
            )}
          </Stack>
          {content.videoUrl && (
            <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
              <LandingVideo url={content.videoUrl} poster={content.videoThumbnailUrl} />
            </Box>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
