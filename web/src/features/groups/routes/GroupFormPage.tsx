import { lazy, Suspense, useEffect, useState } from 'react';
import { Container, Skeleton, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useNavigate, useSearchParams } from 'react-router';
import { createGroup, updateGroup, uploadGroupCover } from '../../../lib/groups/groups';
import { emptyGroupForm, groupFormValues, isProgram, toGroupPayload, type GroupFormValues } from '../groupForm';
import { groupPath } from '../../../lib/groups/rules';
import type { Group, GroupType } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import GroupForm from '../components/GroupForm';
import EditableGroup from '../components/EditableGroup';

/** Whether this tab came to the form from another page of the app (the router keeps an index). */
function hasHistory(): boolean {
  return Boolean((window.history.state as { idx?: number } | null)?.idx);
}

// The questions step follows the create form of a circle or event (issue 30: off the form's first
// screen). Its code downloads while that form is filled in; /groups/{id}/questions is its own page.
const loadQuestionsEditor = () => import('../components/GroupQuestionsEditor');
const GroupQuestionsEditor = lazy(loadQuestionsEditor);

const TYPES: GroupType[] = ['circle', 'event', 'organization', 'institution'];

function useSaveCover() {
  const { enqueueSnackbar } = useSnackbar();
  return async (id: number, cover: File | null) => {
    if (!cover) return;
    try {
      await uploadGroupCover(id, cover);
    } catch {
      enqueueSnackbar('Could not update cover image', { variant: 'error' });
    }
  };
}

/**
 * /groups/new?type=circle&parent=ID: the create form; after a circle or event is created the
 * questions step follows, then its page.
 */
export function CreateGroupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const saveCover = useSaveCover();
  const [created, setCreated] = useState<Group | null>(null);
  const requested = params.get('type') as GroupType | null;
  const type: GroupType = requested && TYPES.includes(requested) ? requested : 'circle';
  const parent = Number(params.get('parent')) || null;
  const useCase = params.get('use_case');
  const initial = { ...emptyGroupForm(type, parent), use_cases: useCase ? [useCase] : [] };
  const program = isProgram(type);
  useEffect(() => {
    if (program) void loadQuestionsEditor().catch(() => {});
  }, [program]);

  const submit = async (values: GroupFormValues, cover: File | null) => {
    const group = await createGroup(toGroupPayload(values));
    await saveCover(group.id, cover);
    enqueueSnackbar(`Successfully created ${group.group_type}`, { variant: 'success' });
    await refresh();
    if (isProgram(group.group_type)) setCreated(group);
    else void navigate(groupPath(group));
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {created ? `Questions for ${created.name}` : `Create ${type}`}
      </Typography>
      {created ? (
        <Suspense fallback={<Skeleton variant="rounded" height={240} aria-label="Loading the questions" />}>
          <GroupQuestionsEditor group={created} skippable onDone={() => void navigate(groupPath(created))} />
        </Suspense>
      ) : (
        <GroupForm
          initial={initial}
          context={{ parentFromContext: parent !== null, useCasesAvailable: false }}
          editing={false}
          submitLabel="Create"
          onSubmit={submit}
          onCancel={() => void (hasHistory() ? navigate(-1) : navigate('/'))}
        />
      )}
    </Container>
  );
}

function EditForm({ group }: { group: Group }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const saveCover = useSaveCover();
  const submit = async (values: GroupFormValues, cover: File | null) => {
    const saved = await updateGroup(group.id, toGroupPayload(values, group.extra_info));
    await saveCover(saved.id, cover);
    enqueueSnackbar(`Successfully edited ${saved.group_type}`, { variant: 'success' });
    await refresh();
    void navigate(groupPath(saved));
  };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Edit {group.name}
      </Typography>
      <GroupForm
        initial={groupFormValues(group)}
        context={{ parentFromContext: true, useCasesAvailable: false }}
        editing
        submitLabel="Save"
        onSubmit={submit}
        onCancel={() => void navigate(groupPath(group))}
      />
    </Container>
  );
}

/** /groups/{id}/edit: the same form filled from the group, for its administrators. */
export function EditGroupPage() {
  return <EditableGroup render={(group) => <EditForm group={group} />} />;
}
