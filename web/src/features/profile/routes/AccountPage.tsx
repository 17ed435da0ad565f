import { useProfileContext } from '../profileContext';
import ProfileSection from '../components/about/ProfileSection';
import AccountSettings from '../components/account/AccountSettings';

/** /profile/{slug}/account: the owner's emails and password (the layout keeps others out). */
export default function AccountPage() {
  const { profile } = useProfileContext();
  return (
    <ProfileSection title="Account">
      <AccountSettings profile={profile} />
    </ProfileSection>
  );
}
