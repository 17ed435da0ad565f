import { useState, type ReactNode } from 'react';
import { Alert, Container, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { createGroup, updateGroup, uploadGroupCover } from '../../../lib/groups/groups';
import { emptyGroupForm, groupFormValues, isProgram, toGroupPayload, type GroupFormValues } from '../groupForm';
import { groupPath, isAdministrator } from '../../../lib/groups/rules';
import type { Group, GroupType } from '../../../lib/groups/types';
import { useGroupById, useRefreshGroups } from '../api/group';
import GroupForm from '../components/GroupForm';
import GroupNotFound from '../components/GroupNotFound';
import GroupSkeleton from '../components/GroupSkeleton';
import { ItemLoadError } from '../../../components/lists/ListStates';
import GroupQuestionsEditor from '../components/GroupQuestionsEditor';

/** Whether this tab came to the form from another page of the app (the router keeps an index). */
function hasHistory(): boolean {
  return Boolean((window.history.state as { idx?: number } | null)?.idx);
}

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
        <GroupQuestionsEditor group={created} skippable onDone={() => void navigate(groupPath(created))} />
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

function useEditableGroup() {
  const { id } = useParams();
  const groupId = Number(id) || null;
  return useGroupById(groupId);
}

function NoPermission() {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Alert severity="error">You do not have permission to edit this group.</Alert>
    </Container>
  );
}

/** The group's loading, missing and not-allowed states for the edit and questions pages. */
function EditableGroup({ render }: { render: (group: Group) => ReactNode }) {
  const query = useEditableGroup();
  if (query.isPending) return <GroupSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<GroupNotFound kind="group" />} maxWidth="md" onRetry={() => void query.refetch()} />;
  }
  if (!isAdministrator(query.data)) return <NoPermission />;
  return <>{render(query.data)}</>;
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

/** /groups/{id}/edit: the same form filled from the group, for its administrators. */
export function EditGroupPage() {
  return <EditableGroup render={(group) => <EditForm group={group} />} />;
}

/** /groups/{id}/questions: the questions editor on its own, for administrators. */
export function GroupQuestionsPage() {
  return <EditableGroup render={(group) => <QuestionsEditor group={group} />} />;
}
