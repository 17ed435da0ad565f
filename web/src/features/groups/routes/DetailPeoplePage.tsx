import { useGroupContext } from '../../../lib/groups/groupContext';
import MembersPanel from '../components/MembersPanel';

/** A circle's or event's People tab: the same members list as an organization's. */
export default function DetailPeoplePage() {
  const { group, identity } = useGroupContext();
  return <MembersPanel group={group} identity={identity} />;
}
