import { useGroupContext } from '../../../lib/groups/groupContext';
import ChildGroups from '../components/ChildGroups';

export default function OrgEventsPage() {
  const { group, identity } = useGroupContext();
  return <ChildGroups type="event" parent={group} identity={identity} />;
}
