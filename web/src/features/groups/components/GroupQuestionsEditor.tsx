import QuestionsEditor from '../../../components/questions/QuestionsEditor';
import { saveQuestions } from '../../../lib/groups/groups';
import type { Group, Question } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';

/** The shared questions editor on a group: POST /groups/{id}/questions/, then the group pages refresh. */
export default function GroupQuestionsEditor({ group, onDone, skippable }: { group: Group; onDone: () => void; skippable?: boolean }) {
  const refresh = useRefreshGroups();
  const save = async (questions: Question[]) => {
    await saveQuestions(group.id, questions);
    await refresh();
  };
  return <QuestionsEditor initial={group.extra_info?.questions ?? []} save={save} onDone={onDone} skippable={skippable} />;
}
