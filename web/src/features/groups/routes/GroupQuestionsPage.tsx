import { Container, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { groupPath } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import EditableGroup from '../components/EditableGroup';
import GroupQuestionsEditor from '../components/GroupQuestionsEditor';

function QuestionsEditor({ group }: { group: Group }) {
  const navigate = useNavigate();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Questions for {group.name}
      </Typography>
      <GroupQuestionsEditor group={group} onDone={() => void navigate(groupPath(group))} />
    </Container>
  );
}

/** /groups/{id}/questions: the questions editor on its own, for administrators (its own page: issue 30). */
export function GroupQuestionsPage() {
  return <EditableGroup render={(group) => <QuestionsEditor group={group} />} />;
}
