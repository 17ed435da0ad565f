import { useGroupContext } from '../../../lib/groups/groupContext';
import MembersPanel from '../components/MembersPanel';

/** The organization's People tab: Administrators and Members. */
export default function OrgPeoplePage() {
  const { group, identity } = useGroupContext();
  return <MembersPanel group={group} identity={identity} />;
}
