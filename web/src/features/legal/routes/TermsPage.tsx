import { Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '../../../lib/config/appConfig';

/** Static terms of use, naming the site by the host it is served on. */
export default function TermsPage() {
  const { organization } = useAppConfig();
  const host = window.location.host;
  const name = organization.name;
  const sections: { title: string; body: string }[] = [
    {
      title: '1. About these terms',
      body: `These terms govern your use of ${host}, operated for ${name}. By creating an account or using the site you agree to them. If you do not agree, please do not use ${host}.`,
    },
    {
      title: '2. Your account',
      body: `You are responsible for the information in your profile and for keeping your password private. Tell us at once if you believe someone else has used your account. We may suspend accounts that break these terms.`,
    },
    {
      title: '3. Community conduct',
      body: `Treat other members with respect. Do not post content that is unlawful, misleading, hateful or that infringes someone else's rights, and do not use ${host} to send unsolicited messages. Organizers of circles and events may set further rules for their groups.`,
    },
    {
      title: '4. Content you share',
      body: `You keep the rights to what you post. You allow ${name} to display it on ${host} to the audience you choose (public, or members of a private group) for as long as it stays on the site.`,
    },
    {
      title: '5. AI assistance',
      body: `Career guidance and reports produced by the AI assistant are suggestions, not professional advice. Check important decisions with a qualified person.`,
    },
    {
      title: '6. Memberships and payments',
      body: `Paid memberships renew as described at checkout until cancelled. Fees already paid are not refunded except where the law requires it.`,
    },
    {
      title: '7. Privacy',
      body: `We process your personal data to run ${host}: to show your profile, match you with people, groups and jobs, and send you the messages you ask for. You can update or delete your profile at any time.`,
    },
    {
      title: '8. Availability and liability',
      body: `We work to keep ${host} available and accurate, but it is provided as it is, without guarantees. As far as the law allows, ${name} is not liable for indirect losses arising from your use of the site or from content other members post.`,
    },
    {
      title: '9. Ending your use',
      body: `You may close your account at any time from your account settings. We may suspend or close an account that breaks these terms, and will tell you why unless the law prevents us.`,
    },
    {
      title: '10. Changes and contact',
      body: `We may update these terms. When we make important changes we will tell you on ${host} or by email before they take effect. Questions about these terms can be sent to the ${name} team through ${host}.`,
    },
  ];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Terms and Conditions
        </Typography>
        <Typography color="text.secondary">
          The terms of use of {host}, the community of {name}.
        </Typography>
        {sections.map((section) => (
          <Stack component="section" key={section.title} spacing={1}>
            <Typography variant="h6" component="h2">
              {section.title}
            </Typography>
            <Typography>{section.body}</Typography>
          </Stack>
        ))}
        <Typography>
          <Link component={RouterLink} to="/">
            Back to the home page
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
