import { IconButton, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { authConfigQuery, type SocialProvider } from '../api';
import { startSocialSignIn } from '../social';
import { FacebookIcon, GoogleIcon, LinkedInIcon } from './icons';
import LazyTooltip from '../../../components/LazyTooltip';

const PROVIDERS: { provider: SocialProvider; label: string; Icon: typeof GoogleIcon; colour: string }[] = [
  { provider: 'google', label: 'Google', Icon: GoogleIcon, colour: '#DB4437' },
  { provider: 'facebook', label: 'Facebook', Icon: FacebookIcon, colour: '#1877F2' },
  { provider: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon, colour: '#0A66C2' },
];

/** The three social sign-in icons; a provider the site has not set up is shown disabled. */
export default function SocialButtons({ next }: { next: string }) {
  const config = useQuery(authConfigQuery);
  const social = config.data?.social;
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }} aria-label="Sign in with">
      {PROVIDERS.map(({ provider, label, Icon, colour }) => {
        const available = Boolean(social?.[provider]);
        const button = (
          <IconButton
            aria-label={`Continue with ${label}`}
            disabled={!available}
            onClick={() => {
              if (!social) return;
              const url = startSocialSignIn(provider, social, next);
              if (url) window.location.assign(url);
            }}
            sx={{ border: 1, borderColor: 'divider', color: colour, width: 48, height: 48 }}
          >
            <Icon />
          </IconButton>
        );
        return available || config.isPending ? (
          <span key={provider}>{button}</span>
        ) : (
          <LazyTooltip key={provider} title="Not available on this site">
            {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
            <span tabIndex={0} aria-label={`${label}: Not available on this site`}>
              {button}
            </span>
          </LazyTooltip>
        );
      })}
    </Stack>
  );
}
