import { Box, Link, Stack, Typography } from '@mui/material';
import { Outlet, Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useIdentity } from '../../../lib/auth/identity';
import ShareBox from '../../../components/ShareBox';
import LandingHero from '../../../components/landing/LandingHero';
import { landingContent } from '../../../components/landing/content';

/** Home: the landing hero (guests) or the share box (members), the CareerGPS home, the footer. */
export default function LandingPage() {
  const { ui } = useAppConfig();
  const content = landingContent(ui.landing_page_content);
  const { signedIn } = useIdentity();
  return (
    <Box>
      {/* Guests meet the landing hero, members the share box; then the CareerGPS home (or a share modal). */}
      {signedIn ? <ShareBox /> : <LandingHero />}
      <Outlet />
      <Stack component="footer" spacing={1} sx={{ py: 4, px: 2, alignItems: 'center', textAlign: 'center' }}>
        <Typography color="text.secondary">{content.footerText}</Typography>
        <Link component={RouterLink} to="/terms-and-conditions" variant="body2" color="text.secondary">
          Terms and Conditions
        </Link>
      </Stack>
    </Box>
  );
}
