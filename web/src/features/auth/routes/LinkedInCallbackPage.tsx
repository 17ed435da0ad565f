import SocialCallbackPage from './SocialCallbackPage';

/** /linkedin: LinkedIn's code flow comes back here. */
export default function LinkedInCallbackPage() {
  return <SocialCallbackPage provider="linkedin" />;
}
