import { useGroupContext } from '../../../lib/groups/groupContext';
import ChildGroups from '../components/ChildGroups';

export default function OrgCirclesPage() {
  const { group, identity } = useGroupContext();
  return <ChildGroups type="circle" parent={group} identity={identity} />;
}
