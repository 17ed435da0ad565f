// The admin dashboard's own side menu (spec 002 §2, 000 §2 "Admin menu"): the shell's side
// menu with the admin items, a permanent column from lg, a drawer opened from the top bar below.
import SideMenu from '../../../components/shell/SideMenu';
import { adminMenu } from '../adminRules';

interface Props {
  name: string;
  logo?: string | null;
  showJobs: boolean;
  permanent: boolean;
  open: boolean;
  onClose: () => void;
}

export default function AdminSideMenu({ showJobs, ...shell }: Props) {
  return <SideMenu {...shell} navLabel="Admin menu" sections={[{ items: adminMenu(showJobs) }]} showPoweredBy={false} />;
}
